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
