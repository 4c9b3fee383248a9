// pino JSON logs; one root logger per process, children per request carry `reqId`.
import { isMainThread } from 'node:worker_threads';
import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export function createLogger(options: { level: LogLevel; name: string }): Logger {
  const opts: LoggerOptions = {
    name: options.name,
    level: options.level,
    // Secrets never reach a log line, whatever a caller passes in.
    redact: {
      paths: ['*.password', '*.authorization', 'req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  };
  // To fd 1 as pino does by default; in a service thread (service-thread.ts) synchronously, because a
  // thread that exits does not run pino's exit-time flush and its last lines would be lost.
  return isMainThread ? pino(opts) : pino(opts, pino.destination({ dest: 1, sync: true }));
}

/**
 * Writes out what the logger still holds, then calls `done` (at most `capMs` later). pino writes
 * asynchronously; a process's exit hook flushes it, but a service thread (service-thread.ts) that
 * exits does not run it, so a closing service waits for this first.
 */
export function flushLogger(logger: Logger, done: () => void, capMs = 1000): void {
  let called = false;
  const once = (): void => {
    if (called) return;
    called = true;
    clearTimeout(timer);
    done();
  };
  const timer = setTimeout(once, capMs);
  try {
    logger.flush(() => once());
  } catch {
    once();
  }
}
