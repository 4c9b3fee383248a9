// A service hosted in a worker thread of its own process, for one reason: the thread's V8 young
// generation can be sized (`resourceLimits.maxYoungGenerationSizeMb`), which a running process cannot
// do for its own main thread, and `node main.js` is how hosts start it. Auction objects live as long
// as the bidder calls; with Node's default young generation most of them survive a scavenge under
// load and are copied once or twice (docs/performance.md). The main thread only forwards SIGTERM /
// SIGINT to the service (installShutdown listens for them) and exits with the thread's exit code.
// Ports, file descriptors and environment are the process's; logs are written to fd 1 by the thread.
import { Worker, isMainThread, parentPort, resourceLimits, workerData } from 'node:worker_threads';
import { nodeWasGiven } from './node-flags.js';

const FLAG = /--max-(semi-space|young-generation)-size/;

/** Node was given its young-generation size itself (command line or NODE_OPTIONS): that one stands. */
const hasYoungGenerationFlag = (): boolean => nodeWasGiven(FLAG);

/**
 * Whether this process should host its service in a thread of `youngGenerationMb`: only from the
 * main thread of a built service (`entry` is its main module), when a size is asked for and node was
 * not given a young-generation flag itself.
 */
export function wantsServiceThread(youngGenerationMb: number, entry: URL): boolean {
  if (!isMainThread || youngGenerationMb <= 0) return false;
  // From source (tsx) the thread could not load the entry: TypeScript loaders do not reach workers.
  if (!entry.pathname.endsWith('.js')) return false;
  return !hasYoungGenerationFlag();
}

/** The node flag giving a forked process the same young generation (V8: 3 semi-spaces' worth). */
export function youngGenerationFlags(youngGenerationMb: number): string[] {
  if (youngGenerationMb <= 0 || hasYoungGenerationFlag()) return [];
  return [`--max-semi-space-size=${Math.max(1, Math.round(youngGenerationMb / 3))}`];
}

export interface ServiceThreadOptions {
  /** The service's main module (it runs again in the thread, with the same arguments). */
  entry: URL;
  youngGenerationMb: number;
  name: string;
  /**
   * The config the main thread resolved (it needs a few keys before the thread exists): the thread
   * takes it instead of compiling the schema again, which is a fifth of a start-up.
   */
  config?: HandedConfig;
}

/** A resolved config handed to the service thread (structured clone: plain data only). */
export interface HandedConfig {
  config: unknown;
  /** loadConfig's warnings, printed by the thread as it would have printed its own. */
  warnings: string[];
}

interface SignalMessage {
  type: 'signal';
  signal: 'SIGTERM' | 'SIGINT';
}

/** Starts the thread; the process lives as long as it does and exits with its code. */
export function runServiceThread(o: ServiceThreadOptions): void {
  const worker = new Worker(o.entry, {
    argv: process.argv.slice(2),
    resourceLimits: { maxYoungGenerationSizeMb: o.youngGenerationMb },
    ...(o.config ? { workerData: { handedConfig: o.config } } : {}),
  });
  const forward = (signal: SignalMessage['signal']) => () => {
    const message: SignalMessage = { type: 'signal', signal };
    worker.postMessage(message);
  };
  process.on('SIGTERM', forward('SIGTERM'));
  process.on('SIGINT', forward('SIGINT'));
  worker.on('error', (err: Error) => {
    process.stderr.write(`${o.name}: ${err.stack ?? String(err)}\n`);
    process.exitCode = 1;
  });
  worker.on('exit', (code) => process.exit(typeof process.exitCode === 'number' ? process.exitCode : code));
}

/** The young-generation size this service thread was given, in MB; undefined on the main thread. */
export function serviceThreadYoungGenerationMb(): number | undefined {
  return isMainThread ? undefined : resourceLimits.maxYoungGenerationSizeMb;
}

/** In a service thread: the config its main thread resolved and handed over (undefined elsewhere). */
export function handedConfig(
  thread: { isMain: boolean; data: unknown } = { isMain: isMainThread, data: workerData },
): HandedConfig | undefined {
  if (thread.isMain) return undefined;
  return (thread.data as { handedConfig?: HandedConfig } | null)?.handedConfig;
}

/** In a service thread: `handler` runs for each signal the main thread forwards; else nothing. */
export function onForwardedSignal(handler: (signal: string) => void): void {
  if (isMainThread || !parentPort) return;
  parentPort.on('message', (m: Partial<SignalMessage> | null) => {
    if (m?.type === 'signal' && typeof m.signal === 'string') handler(m.signal);
  });
  // Messages still arrive; the port alone does not keep the thread running.
  parentPort.unref();
}
