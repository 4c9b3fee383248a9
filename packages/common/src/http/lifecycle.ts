// Starting both ports of a service and stopping them gracefully: on SIGTERM/SIGINT stop
// accepting, let in-flight requests finish up to a deadline, close pools and timers, exit 0.
import type { FastifyInstance } from 'fastify';
import { flushLogger, type Logger } from '../logger.js';
import { onForwardedSignal } from '../service-thread.js';

export interface Listener {
  name: string;
  app: FastifyInstance;
  host: string;
  port: number;
}

export async function listenAll(listeners: readonly Listener[], logger: Logger): Promise<void> {
  for (const l of listeners) {
    const address = await l.app.listen({ host: l.host, port: l.port });
    logger.info({ listener: l.name, address }, 'listening');
  }
}

export interface ShutdownOptions {
  listeners: readonly Listener[];
  logger: Logger;
  /** How long in-flight requests may take before connections are cut. */
  drainTimeoutMs: number;
  /** Closes pools, timers and clients once the ports are closed. */
  closeResources: () => Promise<void>;
  exit?: (code: number) => void;
}

/** Closes everything once; returns the function so tests can call it without a signal. */
export function installShutdown(opts: ShutdownOptions): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const shutdown = (): Promise<void> => {
    closing ??= (async () => {
      opts.logger.info({ drainTimeoutMs: opts.drainTimeoutMs }, 'shutting down');
      const closeAll = Promise.all(opts.listeners.map((l) => l.app.close()));
      // Keep-alive sockets that finish their last request after close() started would otherwise
      // linger until the keep-alive timeout: sweep them as they go idle.
      const sweeper = setInterval(() => {
        for (const l of opts.listeners) l.app.server.closeIdleConnections();
      }, 50);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), opts.drainTimeoutMs);
      });
      const outcome = await Promise.race([closeAll.then(() => 'drained' as const), deadline]);
      clearTimeout(timer);
      clearInterval(sweeper);
      if (outcome === 'timeout') {
        opts.logger.warn('drain deadline reached, closing remaining connections');
        for (const l of opts.listeners) l.app.server.closeAllConnections();
      }
      try {
        await opts.closeResources();
      } catch (err) {
        opts.logger.error({ err }, 'error while closing resources');
      }
      opts.logger.info('stopped');
      await new Promise<void>((resolve) => flushLogger(opts.logger, resolve));
      exit(0);
    })();
    return closing;
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  // A service in a thread (service-thread.ts) gets its process's signals from the main thread.
  onForwardedSignal(() => void shutdown());
  return shutdown;
}
