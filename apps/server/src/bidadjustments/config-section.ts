// Host default for rule-based bid adjustments (G: `account_defaults.bidadjustments`). Proposed as a
// key of `settings.default-account` (next to `bid-adjustment-factors`); the document below it keeps
// upstream's request/account shape (`mediatype.<type>.<bidder>.<dealid>: [{adjtype, value, currency}]`)
// because its keys are data (media types, bidder codes, deal ids), not config names.
// The coordinator should run parseBidAdjustments() on it at start-up and refuse a shape error there.
import { Type } from '@sinclair/typebox';

export const bidAdjustmentsSection = {
  'bid-adjustments': Type.Record(Type.String(), Type.Unknown(), {
    default: {},
    description:
      'Rule-based bid adjustments of accounts without their own (`bidadjustments` of the account document; see docs/bid-adjustments.md)',
  }),
};
