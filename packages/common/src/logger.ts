// pino JSON logs; one root logger per process, children per request carry `reqId`.
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
  return pino(opts);
}
