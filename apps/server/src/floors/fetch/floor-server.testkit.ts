// A real local floors provider (node:http on 127.0.0.1:0) whose answer the test changes at will.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply = (req: IncomingMessage, res: ServerResponse) => void;

export interface FloorServer {
  url: string;
  /** Requests received so far. */
  count(): number;
  /** Replaces the handler. */
  reply(handler: Reply): void;
  /** Resolves at the next request received. */
  nextRequest(): Promise<void>;
  close(): Promise<void>;
}

export function json(body: unknown, headers: Record<string, string> = {}, status = 200): Reply {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** Sends `bytes` bytes in chunks without a content-length (the cap must stop the stream). */
export function chunked(bytes: number): Reply {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    for (let sent = 0; sent < bytes; sent += chunk.length) res.write(chunk);
    res.end();
  };
}

/** Never answers (until the server closes). */
export const hang: Reply = () => {};

export async function startFloorServer(initial: Reply): Promise<FloorServer> {
  let handler = initial;
  let requests = 0;
  let waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    requests += 1;
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/floors.json`,
    count: () => requests,
    reply: (h) => {
      handler = h;
    },
    nextRequest: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
