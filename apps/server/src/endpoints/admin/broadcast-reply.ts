// Runs an admin action on every worker and turns an incomplete outcome into the 503 that names
// the workers that did not apply it (issue 23).
import { ServiceUnavailableError } from '@gavel/common';
import type { AdminBus } from '../../cluster/admin-bus.js';
import { incompleteReason, type BroadcastOutcome } from '../../cluster/protocol.js';

/** The outcome when every worker applied the action; throws a 503 naming the others. */
export async function runEverywhere(
  bus: AdminBus,
  kind: string,
  payload?: unknown,
): Promise<BroadcastOutcome> {
  const outcome = await bus.run({ kind, payload });
  const reason = incompleteReason(outcome);
  if (reason !== undefined) throw new ServiceUnavailableError(`${kind}: ${reason}`);
  return outcome;
}
