// Activity controls in the auction: no enforcer when nothing can be denied; the account's rules over
// the host's otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuctionContext } from '../types.js';
import { hasEffect, withActivityControls } from './activity-controls.js';
import { createPrivacyEnforcement } from '../../privacy/enforce-privacy.js';
import { DEFAULT_PRIVACY_SETTINGS } from '../../privacy/settings.js';
import { testContext } from '../context.testkit.js';

const base = createPrivacyEnforcement(DEFAULT_PRIVACY_SETTINGS);

function ctx(activities?: AuctionContext['account']['activities']): AuctionContext {
  return testContext({ account: activities ? { activities } : {} });
}

test('settings that deny nothing add no enforcer; a rule, a false default or a module does', () => {
  assert.equal(hasEffect({}), false);
  assert.equal(hasEffect({ allowActivities: { fetchBids: { default: true, rules: [] } } }), false);
  assert.equal(hasEffect({ allowActivities: { transmitTid: { default: false } } }), true);
  assert.equal(withActivityControls(ctx(), base, undefined), base);
  assert.equal(
    withActivityControls(ctx({ allowActivities: { syncUser: { default: true } } }), base, undefined),
    base,
  );
  const withRule = withActivityControls(
    ctx({
      allowActivities: {
        transmitTid: { rules: [{ kind: 'condition', allow: false, componentName: ['x'] }] },
      },
    }),
    base,
    undefined,
  );
  assert.equal(withRule?.enforcers[0]?.name, 'activities');
  assert.equal(withRule?.enforcers.length, base.enforcers.length + 1);
});

test('the iab.usgeneral module reads the request GPP: a US National sale opt-out strips user data', async () => {
  const { encodeGpp } = await import('../../privacy/gpp/gpp.testkit.js');
  const { enforcePrivacy } = await import('../../privacy/enforce-privacy.js');
  const optedOut = encodeGpp({
    usnat: {
      SharingNotice: 1,
      SaleOptOutNotice: 1,
      SharingOptOutNotice: 1,
      TargetedAdvertisingOptOutNotice: 1,
      SensitiveDataProcessingOptOutNotice: 1,
      SensitiveDataLimitUseNotice: 1,
      SaleOptOut: 1,
      SharingOptOut: 2,
      TargetedAdvertisingOptOut: 2,
      MspaServiceProviderMode: 2,
    },
  });
  const activities = {
    allowActivities: { transmitUfpd: { rules: [{ kind: 'privacyreg' as const, privacyreg: ['*'] }] } },
    modules: [{ code: 'iab.usgeneral', enabled: true, skipRate: 0 }],
  };
  const request = {
    id: 'r',
    imp: [],
    site: { page: 'https://p.example/' },
    regs: { gpp: optedOut, gpp_sid: [7] },
    user: { id: 'u-1', buyeruid: 'b-1', data: [{ id: 'd' }] },
  };
  const c = testContext({ request, account: { activities } });
  const enforcement = withActivityControls(c, base, undefined);
  const registry = { lookup: () => ({ info: {} }) };
  const target = { bidder: 'alpha', adapterCode: 'alpha', request: c.request };
  const out = enforcePrivacy(c.request, [target], {
    ns: 'prebid',
    registry,
    ...(enforcement ? { enforcement } : {}),
  });
  const user = out.allowed[0]?.request.user;
  assert.equal(user?.id, undefined, 'user id removed');
  assert.equal(user?.buyeruid, undefined, 'buyeruid removed');
  // Without the opt-out the same settings leave the user alone.
  const notOut = testContext({
    request: { ...request, regs: { gpp: optedOut.replace(/~.*/, ''), gpp_sid: [] } },
    account: { activities },
  });
  const kept = enforcePrivacy(notOut.request, [{ ...target, request: notOut.request }], {
    ns: 'prebid',
    registry,
    ...(withActivityControls(notOut, base, undefined)
      ? { enforcement: withActivityControls(notOut, base, undefined)! }
      : {}),
  });
  assert.equal(kept.allowed[0]?.request.user?.id, 'u-1');
});
