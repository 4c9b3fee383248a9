// Looks an account up in the stored-data seam and builds its settings (notes §7 items 4–5, §16):
// unknown ids get the host defaults unless the host rejects unknown accounts.
import { BadRequestError } from '@gavel/common';
import { LRUCache } from 'lru-cache';
import type { StoredSource } from '../stored/types.js';
import { buildAccount, malformedAccountError } from './account-settings.js';
import type { Account } from './types.js';

export interface AccountLookupEnv {
  store: StoredSource;
  /** defaultsDocument(config.settings['default-account']), built once. */
  defaults: Record<string, unknown>;
  /** settings.unknown-account */
  unknownAccount: 'default' | 'reject';
  signal?: AbortSignal;
}

export const UNKNOWN_ACCOUNT_MESSAGE =
  'Prebid-server has been configured to discard requests without a valid Account ID. Please reach out to the prebid server host.';

/**
 * '' (no account id) → host defaults. Disabled accounts are returned with `disabled: true` (the
 * pipeline answers 503). A failing source counts as "not stored" (availability first).
 */
export async function lookupAccount(accountId: string, env: AccountLookupEnv): Promise<Account> {
  if (accountId === '') return builtAccount('', env.defaults, undefined);
  const { found, errors } = await env.store.fetch('account', [accountId], env.signal);
  if (errors.some((e) => e.reason === 'invalid-json')) throw malformedAccountError(accountId);
  const stored = found.get(accountId);
  if (stored === undefined && env.unknownAccount === 'reject')
    throw new BadRequestError(UNKNOWN_ACCOUNT_MESSAGE, 'account');
  return builtAccount(accountId, env.defaults, stored);
}

interface Built {
  /** By stored document (the stored-data layer hands out the same object until it changes). */
  byDocument: WeakMap<object, Account>;
  /** Accounts without a document: the host defaults under an id. */
  byId: LRUCache<string, Account>;
}

const builtByDefaults = new WeakMap<object, Built>();

/**
 * buildAccount once per (host defaults, stored document): merging and validating an account is
 * per-document work, not per-request work. Accounts are read-only, so auctions share them.
 */
function builtAccount(id: string, defaults: Record<string, unknown>, stored: unknown): Account {
  let built = builtByDefaults.get(defaults);
  if (!built) {
    built = { byDocument: new WeakMap(), byId: new LRUCache({ max: 10_000 }) };
    builtByDefaults.set(defaults, built);
  }
  const byDoc = typeof stored === 'object' && stored !== null;
  const known = byDoc ? built.byDocument.get(stored) : built.byId.get(id);
  if (known !== undefined && known.id === id) return known;
  const account = buildAccount(id, defaults, stored);
  if (byDoc) built.byDocument.set(stored, account);
  else if (stored === undefined) built.byId.set(id, account);
  return account;
}
