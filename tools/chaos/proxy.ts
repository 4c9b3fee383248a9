// A loopback TCP proxy the chaos run controls, put in front of Redis, PostgreSQL or the cache
// service so that they can be "stopped and restarted" without touching the shared instances:
// cut() destroys every open connection and refuses new ones, restore() accepts again.
import net from 'node:net';

export interface ChaosProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
  /** Connections accepted and refused so far. */
  stats(): { accepted: number; refused: number };
}

export async function startProxy(target: { host: string; port: number }): Promise<ChaosProxy> {
  const sockets = new Set<net.Socket>();
  let down = false;
  let accepted = 0;
  let refused = 0;
  const server = net.createServer((client) => {
    if (down) {
      refused++;
      client.resetAndDestroy();
      return;
    }
    accepted++;
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const s of sockets) s.resetAndDestroy();
    },
    restore() {
      down = false;
    },
    stats: () => ({ accepted, refused }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
