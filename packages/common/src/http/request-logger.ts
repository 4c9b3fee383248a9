// Per-request loggers for Fastify's `childLoggerFactory`: the pino child carrying `reqId` is only
// built when a request actually logs, so the common case (no line logged) costs one small object.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

// pino.child() serialises the bindings (and runs redaction) eagerly: measurable on every request
// of a hot endpoint although almost none of them write a line. This defers it to the first use.
class LazyRequestLogger implements FastifyBaseLogger {
  #real: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #get(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  get level(): LevelWithSilentOrString {
    return this.#real?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#get().level = level;
  }

  // Prototype methods, not arrow fields: nothing is allocated per request beyond the object.
  fatal(...args: unknown[]): void {
    this.#call('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#call('error', args);
  }
  warn(...args: unknown[]): void {
    this.#call('warn', args);
  }
  info(...args: unknown[]): void {
    this.#call('info', args);
  }
  debug(...args: unknown[]): void {
    this.#call('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#call('trace', args);
  }
  silent(): void {}

  #call(method: LogMethod, args: unknown[]): void {
    const real = this.#get();
    Reflect.apply(real[method], real, args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#get().child(bindings, options);
  }
}

/** Fastify `childLoggerFactory`: same bindings and options as the default, built on first use. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
