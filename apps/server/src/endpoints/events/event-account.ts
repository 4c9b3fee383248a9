// The account of an /event or /vtrack call (notes §5–6 "Account errors"): the accounts module's
// lookup, then the host blocklist and the account's own disabled flag (503, the auction's wording).
import { isGavelError } from '@gavel/common';
import type { Account } from '../../accounts/types.js';
import { lookupAccount, type AccountLookupEnv } from '../../accounts/resolve-account-settings.js';

export interface EventAccountEnv {
  lookup: AccountLookupEnv;
  /** auction.blocked-accounts */
  blockedAccounts: readonly string[];
}

export type AccountAnswer = { ok: true; account: Account } | { ok: false; status: number; message: string };

export async function accountForEvents(accountId: string, env: EventAccountEnv): Promise<AccountAnswer> {
  let account: Account;
  try {
    account = await lookupAccount(accountId, env.lookup);
  } catch (err) {
    // Unknown account with settings.unknown-account=reject → 400; malformed → 500 (as the auction).
    if (isGavelError(err)) return { ok: false, status: err.status, message: err.message };
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, status: 500, message: `Error occurred while fetching account: ${why}` };
  }
  if (env.blockedAccounts.includes(accountId)) {
    const message = `Prebid-server has blocklisted Account ID: ${accountId}, please reach out to the prebid server host.`;
    return { ok: false, status: 503, message };
  }
  if (account.disabled) {
    const message = `Prebid-server has disabled Account ID: ${accountId}, please reach out to the prebid server host.`;
    return { ok: false, status: 503, message };
  }
  return { ok: true, account };
}
