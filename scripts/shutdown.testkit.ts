// Real processes for the shutdown tests: the auction server from source (`node --import tsx
// apps/server/src/main.ts --config FILE`, as the cluster tests start it), `npm start`'s
// scripts/start-all.mjs, a mock bidder that holds its answers, HTTP calls on fresh connections.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function writeConfig(config: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gavel-shutdown-')), 'config.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** The environment without GAVEL_* variables (the test's config files decide). */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('GAVEL_') && v !== undefined) env[k] = v;
  return env;
}

export interface Answer {
  status: number;
  body: string;
}

/** One exchange on its own connection (no keep-alive agent). */
export function call(url: string, opts: { method?: string; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: opts.method ?? 'GET', agent: false, timeout: 20000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Resolves true when a TCP connection to the port is refused, false when it is accepted. */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    // A listener closing while the connect is in its backlog resets it instead of refusing it.
    socket.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET' ? resolve(true) : reject(err),
    );
  });
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 60000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const answers200 = (url: string) => async () =>
  (await call(url).catch(() => undefined))?.status === 200;

export interface Child {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export function startProcess(args: string[]): Child {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** The auction server from source with one config file. */
export const startServerProcess = (configFile: string) =>
  startProcess(['--conditions=source', '--import', 'tsx', SERVER_MAIN, '--config', configFile]);

/** Pids of every descendant of a process (Linux `ps`). */
export function descendants(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout ?? '';
  const kids = out
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface MockBidder {
  url: string;
  /** Bid requests received so far. */
  received(): number;
  /** Lets the held answers go (each still waits its minimum delay). */
  release(): void;
  close(): Promise<void>;
}

/** A generic OpenRTB bidder answering one 1.50 banner bid per imp, after delayMs and release(). */
export async function startMockBidder(delayMs: number): Promise<MockBidder> {
  let received = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received += 1;
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: string;
        imp: { id: string }[];
      };
      const bid = request.imp.map((imp, i) => ({
        id: `b${i}`,
        impid: imp.id,
        price: 1.5,
        crid: 'c',
        w: 300,
        h: 250,
        adm: '<div/>',
        mtype: 1,
      }));
      const body = JSON.stringify({ id: request.id, cur: 'USD', seatbid: [{ seat: 'alpha', bid }] });
      const wait = new Promise((r) => setTimeout(r, delayMs));
      void Promise.all([wait, released]).then(() =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(body),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/bid`,
    received: () => received,
    release,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
