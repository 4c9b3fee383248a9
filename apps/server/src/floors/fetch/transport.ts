// Defaults of the injected seams: undici `request` over a pool of our own, and real timers that do
// not keep the process alive.
import { Agent, request } from 'undici';
import type { FetchTimers, FetchTransport } from './types.js';

export interface HttpPoolOptions {
  /** 0 = no limit. */
  maxConnectionsPerHost?: number;
  keepAliveTimeoutMs?: number;
}

export function createUndiciTransport(o: HttpPoolOptions = {}): {
  transport: FetchTransport;
  close(): Promise<void>;
} {
  const agent = new Agent({
    connections: o.maxConnectionsPerHost ? o.maxConnectionsPerHost : null,
    keepAliveTimeout: o.keepAliveTimeoutMs ?? 60_000,
  });
  return {
    transport: (url, init) =>
      request(url, { method: 'GET', dispatcher: agent, signal: init.signal, headers: init.headers }),
    close: () => agent.close(),
  };
}

export const realTimers: FetchTimers = {
  set(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
