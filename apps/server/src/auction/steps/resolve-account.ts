// Step 2: the account of the request (notes §7 item 4, §16): host defaults ← stored account.
// Disabled/blocked/required checks on the result are the pipeline's (context.ts checkAccess → 503).
import type { Account } from '../../accounts/types.js';
import { lookupAccount, type AccountLookupEnv } from '../../accounts/resolve-account-settings.js';

export type ResolveAccountEnv = AccountLookupEnv;

/** Throws GavelError 500 for a malformed stored account, 400 for an unknown one when rejected. */
export async function resolveAccount(accountId: string, env: ResolveAccountEnv): Promise<Account> {
  return lookupAccount(accountId, env);
}
