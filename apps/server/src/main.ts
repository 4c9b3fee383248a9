// Composition root of the auction server: config → app → public and admin ports.
import cluster from 'node:cluster';
import { isMainThread } from 'node:worker_threads';
import {
  applyPretenuring,
  applyArrayBuiltinInlining,
  applyFeedbackAllocation,
  handedConfig,
  applyHeapSetup,
  heapSetupFlags,
  type HeapSetup,
  applyTierUpBudget,
  loadConfig,
  readVersionInfo,
  runService,
  runServiceThread,
  serviceListeners,
  wantsServiceThread,
  youngGenerationFlags,
  type HandedConfig,
} from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX, type ServerConfig } from './config/schema.js';
import { resolveWorkerCount, runClusterPrimary } from './cluster-primary.js';

/** GAVEL_* variables that are not config keys: the cache service's, the tests', the build's. */
const IGNORED_ENV = ['GAVEL_CACHE_SVC_', 'GAVEL_TEST_', 'GAVEL_REVISION'];

// `workers` (issue 8): the primary only forks; each worker runs the server below on the shared
// ports. A config the loader rejects (or --check-config) falls through to runService, which reports it.
// A service thread runs this module again: it takes the config its main thread hands it (runService).
const primary = cluster.isPrimary && isMainThread ? primarySettings() : undefined;
// `v8-lazy-feedback-allocation`, in the serving thread: its first statement, once Node's own start-up
// has run in the thread and before the app's modules run. Set earlier (before the thread existed, as
// until 2026-12-06), Node's start-up code recorded feedback from its own first calls and left the
// literal in `process.nextTick` megamorphic: every tick through V8's runtime, ~230 ns against ~28
// (docs/operations.md). Cluster workers and a main-thread server set it in `start` below.
const handed = handedConfig();
if (handed) applyFeedbackAllocation((handed.config as ServerConfig)['v8-lazy-feedback-allocation']);
// `young-generation-mb`: cluster workers get it as a node flag; a single process serves from a
// worker thread given that size (service-thread.ts), this main thread only forwarding signals.
if (primary && primary.workers > 0)
  runClusterPrimary({
    workers: primary.workers,
    actionTimeoutMs: primary.actionTimeoutMs,
    execArgv: [...youngGenerationFlags(primary.youngGenerationMb), ...heapSetupFlags(primary.heap)],
    log: (line) => process.stderr.write(`gavel-server ${line}\n`),
  });
else if (primary && wantsServiceThread(primary.youngGenerationMb, new URL(import.meta.url))) {
  // V8 reads these when a heap is set up: before the serving thread's isolate exists.
  applyHeapSetup(primary.heap);
  runServiceThread({
    entry: new URL(import.meta.url),
    youngGenerationMb: primary.youngGenerationMb,
    name: 'gavel-server',
    config: primary.handed,
  });
} else
  await runService({
    name: 'gavel-server',
    schema: ServerConfigSchema,
    envPrefix: SERVER_ENV_PREFIX,
    ignoreEnv: IGNORED_ENV,
    // The app is loaded only where it serves: a main thread that hosts it in a service thread
    // stays small (the bidders, schemas and routes are loaded once, by the thread).
    check: async (config) => (await import('./check-config.js')).checkServerConfig(config),
    start: async (config, logger) => {
      // Before the app's modules load: their functions start with the smaller budget.
      const budget = config['v8-interrupt-budget'];
      if (applyTierUpBudget(budget)) logger.info({ interruptBudget: budget }, 'V8 tier-up budget set');
      if (applyPretenuring(config['v8-allocation-site-pretenuring']))
        logger.info('V8 allocation-site pretenuring off');
      if (applyArrayBuiltinInlining(config['v8-inline-array-builtins']))
        logger.info('V8 inlining of array built-ins off');
      if (applyFeedbackAllocation(config['v8-lazy-feedback-allocation']))
        logger.info('V8 feedback allocated on first call');
      // Set by the primary before this thread or worker existed; a heap serving from the main
      // thread was set up before the config was read and keeps V8's defaults (docs/operations.md).
      if (!isMainThread || cluster.isWorker) {
        if (!config['v8-memory-reducer']) logger.info('V8 memory reducer off');
        const oldSpaceMb = config['v8-initial-old-space-mb'];
        if (oldSpaceMb > 0) logger.info({ initialOldSpaceMb: oldSpaceMb }, 'V8 initial old space set');
      }
      const { createApp } = await import('./app.js');
      const app = await createApp(config, {
        logger,
        version: readVersionInfo(import.meta.url),
      });
      return { listeners: serviceListeners(config, app), closeResources: app.closeResources };
    },
  });

interface PrimarySettings {
  workers: number;
  actionTimeoutMs: number;
  /** 0 with --check-config: the check runs here, without a thread. */
  youngGenerationMb: number;
  /** V8 settings given to the serving thread or workers before their heaps exist. */
  heap: HeapSetup;
  /** The resolved config, for the serving thread. */
  handed: HandedConfig;
}

function primarySettings(): PrimarySettings | undefined {
  try {
    const loaded = loadConfig(ServerConfigSchema, {
      argv: process.argv.slice(2),
      env: process.env,
      envPrefix: SERVER_ENV_PREFIX,
      ignoreEnv: IGNORED_ENV,
    });
    const workers = loaded.checkOnly ? 0 : resolveWorkerCount(loaded.config.workers);
    // In a cluster the workers stay quiet about unknown variables: the primary says it once.
    if (workers > 0) for (const w of loaded.warnings) process.stderr.write(`gavel-server: warning: ${w}\n`);
    return {
      workers,
      actionTimeoutMs: loaded.config['admin-actions']['timeout-ms'],
      youngGenerationMb: loaded.checkOnly ? 0 : loaded.config['young-generation-mb'],
      heap: {
        memoryReducer: loaded.config['v8-memory-reducer'],
        initialOldSpaceMb: loaded.config['v8-initial-old-space-mb'],
      },
      handed: { config: loaded.config, warnings: loaded.warnings },
    };
  } catch {
    return undefined;
  }
}
