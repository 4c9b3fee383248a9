// The shared `main` of both services: resolve config (or check it with --check-config: every
// start-up check the service defines, then print it), build the service, listen on its ports, and
// install graceful shutdown.
import cluster from 'node:cluster';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  ConfigError,
  deepFreeze,
  loadConfig,
  redactConfig,
  type LoadedConfig,
} from './config/load-config.js';
import { createLogger, flushLogger, type Logger, type LogLevel } from './logger.js';
import { installShutdown, listenAll, type Listener } from './http/lifecycle.js';
import { handedConfig, serviceThreadYoungGenerationMb } from './service-thread.js';

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
  /**
   * --check-config: the start-up checks beyond the schema (what `start` would throw on), run
   * without opening ports or back-ends; throws to report a problem.
   */
  check?: (config: Static<T>) => Promise<void>;
  /** Variables under envPrefix that are not config keys: exact names, or prefixes ending in `_`. */
  ignoreEnv?: readonly string[];
}

function fail(name: string, message: string): never {
  process.stderr.write(`${name}: ${message}\n`);
  process.exit(1);
}

async function checkAndPrint<T extends TSchema>(
  def: ServiceDefinition<T>,
  config: Static<T>,
): Promise<never> {
  try {
    await def.check?.(config);
  } catch (err) {
    const message =
      err instanceof ConfigError ? err.message : `invalid configuration:\n  ${(err as Error).message}`;
    fail(def.name, message);
  }
  process.stdout.write(`${JSON.stringify(redactConfig(def.schema, config), null, 2)}\n`);
  process.exit(0);
}

/** The config from the main thread when it handed one over (service-thread.ts), else resolved here. */
function resolveConfig<T extends TSchema>(def: ServiceDefinition<T>): LoadedConfig<Static<T>> {
  const handed = handedConfig();
  if (handed)
    return { config: deepFreeze(handed.config as Static<T>), warnings: handed.warnings, checkOnly: false };
  try {
    return loadConfig(def.schema, {
      argv: process.argv.slice(2),
      env: process.env,
      envPrefix: def.envPrefix,
      ...(def.ignoreEnv ? { ignoreEnv: def.ignoreEnv } : {}),
    });
  } catch (err) {
    if (err instanceof ConfigError) fail(def.name, err.message);
    throw err;
  }
}

export async function runService<T extends TSchema>(def: ServiceDefinition<T>): Promise<void> {
  const loaded = resolveConfig(def);
  // Unknown variables are warned about once: by the cluster primary, not by each worker.
  if (!cluster.isWorker)
    for (const w of loaded.warnings) process.stderr.write(`${def.name}: warning: ${w}\n`);
  if (loaded.checkOnly) await checkAndPrint(def, loaded.config);
  const standard = loaded.config as Partial<StandardConfig>;
  const level = def.logLevel?.(loaded.config) ?? standard.log?.level ?? 'info';
  const drainTimeoutMs =
    def.drainTimeoutMs?.(loaded.config) ?? standard.shutdown?.['drain-timeout-ms'] ?? 10000;
  const logger = createLogger({ name: def.name, level });
  const threadMb = serviceThreadYoungGenerationMb();
  if (threadMb !== undefined) logger.info({ youngGenerationMb: threadMb }, 'serving from a service thread');
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
    flushLogger(logger, () => process.exit(1));
  }
}
