// Test kit of user sync: a small bidder registry with every syncer shape (redirect only, iframe
// only, both, shared key, alias, disabled, no sync config) and an order-keeping random source.
import type { Adapter } from '../bidders/types.js';
import type { BidderModule, UserSyncInfo } from '../bidders/info.js';
import { createBidderRegistry, type BidderRegistry } from '../bidders/registry.js';

const adapter: Adapter = {
  makeRequests: () => ({ value: [], errors: [] }),
  makeBids: () => ({ value: null, errors: [] }),
};

function mod(code: string, userSync?: UserSyncInfo, extra: Partial<BidderModule['info']> = {}): BidderModule {
  return {
    code,
    info: {
      endpoint: `https://${code}.test`,
      enabled: true,
      capabilities: { site: ['banner'] },
      userSync,
      ...extra,
    },
    paramsSchema: {},
    adapter,
  };
}

/** Bidder modules for sync tests (also usable as `extraBidders` of createApp). */
export const syncTestBidders: BidderModule[] = [
  mod(
    'alpha',
    {
      key: 'alphakey',
      redirect: { url: 'https://a.test/sync?gdpr={{gdpr}}&r={{redirect_url}}', userMacro: '$UID' },
    },
    { gvlVendorId: 32 },
  ),
  mod(
    'beta',
    { iframe: { url: 'https://b.test/if?c={{gdpr_consent}}&us={{us_privacy}}&r={{redirect_url}}' } },
    { gvlVendorId: 5 },
  ),
  mod('gamma', {
    iframe: { url: 'https://g.test/if?r={{redirect_url}}', userMacro: '{UID}' },
    redirect: { url: 'https://g.test/px?r={{redirect_url}}', userMacro: '{UID}' },
  }),
  mod('gammatoo', { key: 'gamma', redirect: { url: 'https://g2.test/px?r={{redirect_url}}' } }),
  mod('delta', { preferred: 'redirect' }), // sync "supported" but no URL given by the host
  mod('eps'), // no sync config at all
  mod('off', { redirect: { url: 'https://off.test/px' } }, { enabled: false }),
  mod('alphaalias', undefined, { aliasOf: 'alpha' }),
];

export function syncTestRegistry(): BidderRegistry {
  return createBidderRegistry({ builtIns: [], extra: syncTestBidders, genericAdapter: adapter });
}

/** Fisher–Yates with this source never swaps: candidates keep their given order. */
export const keepOrder = (): number => 0.999999;
