// Step 5 (before activity controls): the account's `gdpr`, `ccpa` and `privacy.ipv4/ipv6` blocks over
// the host's privacy settings, for this request's channel (privacy/account-settings.ts).
import { DEFAULT_PRIVACY_SETTINGS } from '../../privacy/settings.js';
import { createPrivacyEnforcement, type PrivacyEnforcement } from '../../privacy/enforce-privacy.js';
import { accountPrivacySettings, hasAccountPrivacy, type Channel } from '../../privacy/account-settings.js';
import type { AuctionContext } from '../types.js';

/** The channel of upstream's account settings: amp, video, app, dooh, else web. */
export function channelOf(ctx: AuctionContext): Channel {
  if (ctx.endpoint === 'amp') return 'amp';
  if (ctx.endpoint === 'video') return 'video';
  if (ctx.request.app) return 'app';
  if (ctx.request.dooh) return 'dooh';
  return 'web';
}

export function withAccountPrivacy(
  ctx: AuctionContext,
  base: PrivacyEnforcement | undefined,
): PrivacyEnforcement | undefined {
  if (!hasAccountPrivacy(ctx.account.privacy)) return base;
  const host = base?.settings ?? DEFAULT_PRIVACY_SETTINGS;
  const settings = accountPrivacySettings(host, ctx.account.privacy, channelOf(ctx));
  const same =
    settings.gdpr === host.gdpr &&
    settings.ccpaEnforce === host.ccpaEnforce &&
    settings.ipv4KeepBits === host.ipv4KeepBits &&
    settings.ipv6KeepBits === host.ipv6KeepBits;
  return same && base ? base : createPrivacyEnforcement(settings);
}
