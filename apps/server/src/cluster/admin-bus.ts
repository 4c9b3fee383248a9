// The worker's side of admin actions (issue 23). Every process registers the handlers of the
// actions it knows; `run` applies an action on the whole server: in a cluster worker it goes
// through the primary to every worker (primary-relay.ts), in a single process it runs here.
import cluster from 'node:cluster';
import {
  isApplyRequest,
  isBroadcastDone,
  type AdminAction,
  type ApplyAnswer,
  type BroadcastOutcome,
  type BroadcastRequest,
} from './protocol.js';

export type ActionHandler = (payload: unknown) => Promise<unknown>;

export interface AdminBus {
  /** The handler of one action kind in this process (one per kind). */
  register(kind: string, handler: ActionHandler): void;
  /** Applies the action on every worker; resolves when all answered or the timeout passed. */
  run(action: AdminAction): Promise<BroadcastOutcome>;
  /** Whether actions go through a cluster primary. */
  readonly clustered: boolean;
  close(): void;
}

export interface AdminBusOptions {
  /** How long the primary waits for the workers; this side waits a little longer. */
  timeoutMs: number;
  /** Default: this process is a node:cluster worker with an IPC channel. */
  clustered?: boolean;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Runs `action` with this process's handler (id 0: the caller sets the request's). */
async function applyHere(
  handlers: ReadonlyMap<string, ActionHandler>,
  action: AdminAction,
): Promise<ApplyAnswer> {
  const base = { type: 'gavel:applied' as const, id: 0, pid: process.pid };
  const handler = handlers.get(action.kind);
  if (!handler) return Object.assign(base, { ok: false, error: `unknown action ${action.kind}` });
  try {
    return Object.assign(base, { ok: true, result: await handler(action.payload) });
  } catch (err) {
    return Object.assign(base, { ok: false, error: errorText(err) });
  }
}

export function createAdminBus(opts: AdminBusOptions): AdminBus {
  const handlers = new Map<string, ActionHandler>();
  const clustered = opts.clustered ?? (cluster.isWorker && typeof process.send === 'function');
  let next = 0;
  const waiting = new Map<number, (outcome: BroadcastOutcome) => void>();

  const onMessage = (message: unknown): void => {
    if (isApplyRequest(message)) {
      void applyHere(handlers, message.action).then((answer) => {
        answer.id = message.id;
        process.send?.(answer);
      });
    } else if (isBroadcastDone(message)) {
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.(message.outcome);
    }
  };
  if (clustered) process.on('message', onMessage);

  const viaPrimary = (action: AdminAction): Promise<BroadcastOutcome> =>
    new Promise((resolve) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve({
          applied: [],
          failed: [{ pid: 0, error: 'the cluster primary did not answer' }],
          missing: [],
        });
      }, opts.timeoutMs + 1000);
      waiting.set(id, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
      const request: BroadcastRequest = { type: 'gavel:broadcast', id, action };
      process.send?.(request);
    });

  return {
    clustered,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async run(action) {
      if (clustered) return viaPrimary(action);
      const answer = await applyHere(handlers, action);
      return answer.ok
        ? { applied: [{ pid: answer.pid, result: answer.result }], failed: [], missing: [] }
        : { applied: [], failed: [{ pid: answer.pid, error: answer.error ?? 'failed' }], missing: [] };
    },
    close() {
      if (clustered) process.off('message', onMessage);
    },
  };
}
