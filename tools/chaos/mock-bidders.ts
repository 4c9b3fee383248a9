// The mock bidders of the bidder-fault scenario, run in a child process of their own so that their
// work (32 MB bodies, drip timers) never shares the event loop of the Gavel under test. Started
// with `startMockBidders()`; the child prints its ports as one JSON line.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

async function httpServer(handler: Parameters<typeof createServer>[1]): Promise<{ port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port };
}

type Handler = (body: string, req: IncomingMessage, res: ServerResponse) => void;

function bidBody(body: string, price: number): string {
  const req = JSON.parse(body) as { id: string; imp: { id: string }[] };
  const bid = { id: 'b1', impid: req.imp[0]?.id, price, w: 300, h: 250, crid: 'c1', mtype: 1, adm: '<div/>' };
  return JSON.stringify({ id: req.id, cur: 'USD', seatbid: [{ bid: [bid] }] });
}

export const json = (res: ServerResponse, status: number, text: string) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(text);

/** Each faulty bidder, by name, with what it does. */
export const FAULTS: Record<string, Handler> = {
  hang: () => undefined,
  reset: (_b, req) => req.socket.resetAndDestroy(),
  garbage: (_b, _q, res) => json(res, 200, '<<<not json at all \u0000\u00ff'),
  huge: (_b, _q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = `{"pad":"${'x'.repeat(1 << 20)}`;
    let sent = 0;
    const more = () => {
      while (sent < 32 && !res.destroyed) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end('"}');
    };
    more();
  },
  drip: (body, _q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const text = bidBody(body, 7);
    let i = 0;
    const timer = setInterval(() => {
      if (res.destroyed || i >= text.length) {
        clearInterval(timer);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(text[i++] ?? '');
    }, 40);
    res.on('close', () => clearInterval(timer));
  },
  html: (_b, _q, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>'),
  status500: (_b, _q, res) => json(res, 500, '{"error":"boom"}'),
  badjson: (body, _q, res) => json(res, 200, bidBody(body, 3).slice(0, -7)),
};

function handlerServer(handle: Handler) {
  return httpServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handle(body, req, res));
  });
}

/** The child: one server per bidder, then `{"good": port, "<fault>": port, ...}` on stdout. */
async function serve(): Promise<void> {
  const ports: Record<string, number> = {};
  const good = await handlerServer((body, _q, res) => json(res, 200, bidBody(body, 1.25)));
  ports['good'] = good.port;
  for (const [name, h] of Object.entries(FAULTS)) ports[name] = (await handlerServer(h)).port;
  process.stdout.write(`${JSON.stringify(ports)}\n`);
}

export interface MockBidders {
  ports: Record<string, number>;
  stop(): void;
}

export function startMockBidders(): Promise<MockBidders> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n'))
        resolve({ ports: JSON.parse(out) as Record<string, number>, stop: () => child.kill() });
    });
    child.once('exit', (code) => reject(new Error(`mock bidders exited with ${code}`)));
  });
}

if (process.argv.includes('--serve') && process.argv[1] === fileURLToPath(import.meta.url)) await serve();
