// The shared `main` of both services: resolve config (or print it with --check-config),
// build the service, listen on its ports, and install graceful shutdown.
import type { Static, TSchema } from '@sinclair/typebox';
import { ConfigError, loadConfig, redactConfig } from './config/load-config.js';
import { createLogger, type Logger, type LogLevel } from './logger.js';
import { installShutdown, listenAll, type Listener } from './http/lifecycle.js';

export interface RunningService {
  listeners: Listener[];
  closeResources: () => Promise<void>;
}

/** What `serviceSections` gives every service's config. */
interface StandardConfig {
  log: { level: LogLevel };
  shutdown: { 'drain-timeout-ms': number };
}

/** The config keys of `serviceSections` that locate a service's two ports. */
export interface PortsConfig {
  host: string;
  port: number;
  admin: { host: string; port: number };
}

/** The public and admin listeners of a service built from its config. */
export function serviceListeners(
  config: PortsConfig,
  apps: { publicApp: Listener['app']; adminApp: Listener['app'] },
): Listener[] {
  return [
    { name: 'public', app: apps.publicApp, host: config.host, port: config.port },
    { name: 'admin', app: apps.adminApp, host: config.admin.host, port: config.admin.port },
  ];
}

export interface ServiceDefinition<T extends TSchema> {
  name: string;
  schema: T;
  envPrefix: string;
  /** Defaults to `log.level` of the standard service sections. */
  logLevel?: (config: Static<T>) => LogLevel;
  /** Defaults to `shutdown.drain-timeout-ms` of the standard service sections. */
  drainTimeoutMs?: (config: Static<T>) => number;
  start: (config: Static<T>, logger: Logger) => Promise<RunningService>;
}

export async function runService<T extends TSchema>(def: ServiceDefinition<T>): Promise<void> {
  let loaded;
  try {
    loaded = loadConfig(def.schema, {
      argv: process.argv.slice(2),
      env: process.env,
      envPrefix: def.envPrefix,
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${def.name}: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  if (loaded.checkOnly) {
    process.stdout.write(`${JSON.stringify(redactConfig(def.schema, loaded.config), null, 2)}\n`);
    process.exit(0);
  }
  const standard = loaded.config as Partial<StandardConfig>;
  const level = def.logLevel?.(loaded.config) ?? standard.log?.level ?? 'info';
  const drainTimeoutMs =
    def.drainTimeoutMs?.(loaded.config) ?? standard.shutdown?.['drain-timeout-ms'] ?? 10000;
  const logger = createLogger({ name: def.name, level });
  try {
    const running = await def.start(loaded.config, logger);
    installShutdown({
      listeners: running.listeners,
      logger,
      drainTimeoutMs,
      closeResources: running.closeResources,
    });
    await listenAll(running.listeners, logger);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    logger.flush?.();
    process.exit(1);
  }
}
