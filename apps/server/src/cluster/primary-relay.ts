// The primary's side of admin actions over the cluster (issue 23): a worker's `gavel:broadcast` is
// sent to every connected worker (the asking one included); when each has answered, or the timeout
// has passed, the asking worker gets the outcome naming the workers that did not answer.
import cluster, { type Worker } from 'node:cluster';
import {
  isApplyAnswer,
  isBroadcastRequest,
  type AdminAction,
  type ApplyRequest,
  type BroadcastDone,
  type BroadcastOutcome,
} from './protocol.js';

export interface PrimaryRelayOptions {
  /** How long every worker has to apply an action. */
  timeoutMs: number;
}

interface Pending {
  waiting: Map<number, number>;
  outcome: BroadcastOutcome;
  finish: () => void;
}

function sendSafely(worker: Worker, message: unknown): boolean {
  if (!worker.isConnected()) return false;
  try {
    worker.send(message as object);
    return true;
  } catch {
    return false;
  }
}

/** Installs the relay on this primary; returns a function that removes it. */
export function installPrimaryRelay(opts: PrimaryRelayOptions): () => void {
  let next = 0;
  const pending = new Map<number, Pending>();

  const broadcast = (origin: Worker, originId: number, action: AdminAction): void => {
    const id = next++;
    const outcome: BroadcastOutcome = { applied: [], failed: [], missing: [] };
    const waiting = new Map<number, number>();
    const message: ApplyRequest = { type: 'gavel:apply', id, action };
    for (const w of Object.values(cluster.workers ?? {})) {
      if (w && sendSafely(w, message)) waiting.set(w.id, w.process.pid ?? -1);
    }
    const finish = (): void => {
      if (!pending.delete(id)) return;
      clearTimeout(timer);
      outcome.missing = [...waiting.values()];
      const done: BroadcastDone = { type: 'gavel:broadcast-done', id: originId, outcome };
      sendSafely(origin, done);
    };
    pending.set(id, { waiting, outcome, finish });
    const timer = setTimeout(finish, opts.timeoutMs);
    if (waiting.size === 0) finish();
  };

  const onMessage = (worker: Worker, message: unknown): void => {
    if (isBroadcastRequest(message)) {
      broadcast(worker, message.id, message.action);
      return;
    }
    if (!isApplyAnswer(message)) return;
    const p = pending.get(message.id);
    if (!p || !p.waiting.delete(worker.id)) return;
    if (message.ok) p.outcome.applied.push({ pid: message.pid, result: message.result });
    else p.outcome.failed.push({ pid: message.pid, error: message.error ?? 'failed' });
    if (p.waiting.size === 0) p.finish();
  };
  // A worker that exits while an action waits for it no longer counts as missing.
  const onExit = (worker: Worker): void => {
    for (const p of pending.values()) if (p.waiting.delete(worker.id) && p.waiting.size === 0) p.finish();
  };
  cluster.on('message', onMessage);
  cluster.on('exit', onExit);
  return () => {
    cluster.off('message', onMessage);
    cluster.off('exit', onExit);
  };
}
