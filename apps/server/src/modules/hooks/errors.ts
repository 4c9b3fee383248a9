// What a hook can throw and the texts the executor writes (G hookexecution/errors.go, execution.go).
import type { HookResult, Stage } from '../types.js';
import type { HookRejection } from './types.js';

/** G errortypes.ModuleRejectionErrorCode: a rejected bidder's warning under `ext.warnings.<bidder>`. */
export const MODULE_REJECTION_CODE = 11;

export const TIMEOUT_MESSAGE = 'Hook execution timeout';

/**
 * A hook's failure, thrown. `failure: true` marks an expected module-side failure (status `failure`,
 * error `hook execution failed: <message>`); otherwise the status is `execution_failure` with the
 * message as is. `result`, when given, still counts: its errors, warnings, analytics tags, module
 * context and rejection are kept (upstream hooks return a result and an error together); its
 * mutations are not applied. Any other thrown value is an `execution_failure` with its message.
 */
export class HookError extends Error {
  readonly failure: boolean;
  readonly result: HookResult<unknown> | undefined;

  constructor(message: string, options: { failure?: boolean; result?: HookResult<unknown> } = {}) {
    super(message);
    this.name = 'HookError';
    this.failure = options.failure === true;
    this.result = options.result;
  }
}

/** The error text a thrown value leaves in `modules.errors`. */
export function thrownText(err: unknown): string {
  if (err instanceof HookError) return err.failure ? `hook execution failed: ${err.message}` : err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Stages whose hooks may reject (G Stage.IsRejectable). */
export function isRejectable(stage: Stage): boolean {
  return stage !== 'all_processed_bid_responses' && stage !== 'auction_response' && stage !== 'exitpoint';
}

export function rejection(opts: {
  nbr: number;
  stage: Stage;
  moduleCode: string;
  hookImplCode: string;
}): HookRejection {
  const message = `Module ${opts.moduleCode} (hook: ${opts.hookImplCode}) rejected request with code ${opts.nbr} at ${opts.stage} stage`;
  return {
    nbr: opts.nbr,
    stage: opts.stage,
    moduleCode: opts.moduleCode,
    hookImplCode: opts.hookImplCode,
    message,
    code: MODULE_REJECTION_CODE,
  };
}

export function notRejectableText(moduleCode: string, hookImplCode: string, stage: Stage): string {
  return `Module (name: ${moduleCode}, hook code: ${hookImplCode}) tried to reject request on the ${stage} stage that does not support rejection`;
}
