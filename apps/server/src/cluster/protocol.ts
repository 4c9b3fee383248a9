// The IPC messages between the cluster primary and its workers (issue 23): a worker asks the
// primary to run an admin action on every worker (`gavel:broadcast`); the primary sends it to each
// worker (`gavel:apply`), collects their answers (`gavel:applied`) and tells the asking worker how
// it went (`gavel:broadcast-done`). Metrics scrapes are an action like the others (`metrics`).

/** An admin action: its kind names the handler every worker registered; the payload is JSON. */
export interface AdminAction {
  kind: string;
  payload?: unknown;
}

export interface BroadcastRequest {
  type: 'gavel:broadcast';
  /** Unique within the asking worker. */
  id: number;
  action: AdminAction;
}

export interface ApplyRequest {
  type: 'gavel:apply';
  /** Unique within the primary. */
  id: number;
  action: AdminAction;
}

export interface ApplyAnswer {
  type: 'gavel:applied';
  id: number;
  pid: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

/** How an action went on the whole server. */
export interface BroadcastOutcome {
  /** One entry per worker that answered, in answer order. */
  applied: { pid: number; result: unknown }[];
  /** Workers whose handler failed, with the reason. */
  failed: { pid: number; error: string }[];
  /** Workers that did not answer within the timeout. */
  missing: number[];
}

export interface BroadcastDone {
  type: 'gavel:broadcast-done';
  id: number;
  outcome: BroadcastOutcome;
}

function typed(message: unknown, type: string): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

export const isBroadcastRequest = (m: unknown): m is BroadcastRequest => typed(m, 'gavel:broadcast');
export const isApplyRequest = (m: unknown): m is ApplyRequest => typed(m, 'gavel:apply');
export const isApplyAnswer = (m: unknown): m is ApplyAnswer => typed(m, 'gavel:applied');
export const isBroadcastDone = (m: unknown): m is BroadcastDone => typed(m, 'gavel:broadcast-done');

/** The 503 text of an outcome where some worker did not apply the action; undefined when all did. */
export function incompleteReason(outcome: BroadcastOutcome): string | undefined {
  const parts: string[] = [];
  if (outcome.missing.length > 0) parts.push(`no answer from worker(s) ${outcome.missing.join(', ')}`);
  for (const f of outcome.failed) parts.push(`worker ${f.pid} failed: ${f.error}`);
  return parts.length > 0 ? `not applied by every worker: ${parts.join('; ')}` : undefined;
}
