// The node:cluster primary of `server.workers` (issue 8): forks the workers that each run the whole
// server on the shared ports, forwards SIGTERM/SIGINT to all of them and replaces a worker that dies;
// relays admin actions and /metrics scrapes to every worker (issue 23).
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { installPrimaryRelay } from './cluster/primary-relay.js';

/** Resolves the `workers` setting: -1 = one per core, 0 = no cluster (this process serves). */
export function resolveWorkerCount(setting: number, cores: number = availableParallelism()): number {
  return setting < 0 ? Math.max(1, cores) : setting;
}

export interface ClusterOptions {
  workers: number;
  log: (line: string) => void;
  /** How long an admin action or a /metrics scrape waits for every worker (`admin-actions.timeout-ms`). */
  actionTimeoutMs: number;
  /** Node flags added to the workers' (the young-generation size); none → the primary's own. */
  execArgv?: readonly string[];
}

/** A worker that dies this soon after its start is not replaced (a bad config or port would loop). */
const MIN_UPTIME_MS = 5000;

/** Runs in the primary only: never listens itself; exits with the worst worker exit code. */
export function runClusterPrimary(opts: ClusterOptions): void {
  let stopping = false;
  let worst = 0;
  const startedAt = new Map<number, number>();
  const fork = (): void => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  if (opts.execArgv?.length) cluster.setupPrimary({ execArgv: [...process.execArgv, ...opts.execArgv] });
  // Admin actions and /metrics scrapes reach every worker through here (cluster/primary-relay.ts).
  installPrimaryRelay({ timeoutMs: opts.actionTimeoutMs });
  for (let i = 0; i < opts.workers; i++) fork();

  // Every worker drains on its own (installShutdown); a second SIGINT from the terminal is not
  // forwarded twice because each worker's handler is `once` per signal and idempotent.
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    opts.log(`primary: stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    worst = Math.max(worst, code ?? (signal ? 1 : 0));
    if (!stopping && uptime >= MIN_UPTIME_MS) {
      opts.log(`primary: worker ${worker.process.pid} exited (${signal ?? code}), replacing it`);
      fork();
      return;
    }
    if (!stopping) {
      opts.log(`primary: worker ${worker.process.pid} failed at start (${signal ?? code}), stopping`);
      stop();
    }
    if (startedAt.size === 0) process.exit(worst);
  });
}
