// Step 5a: activity controls (privacy/activities/): the account's `privacy.allowactivities` over the
// host's `activity-controls`, run first among the privacy enforcers of this auction (fetchBids denies
// a bidder; transmitUfpd, transmitPreciseGeo and transmitTid scrub its copy).
import {
  createActivityEnforcer,
  mergeActivitySettings,
  type ActivitySettings,
} from '../../privacy/activities/index.js';
import { DEFAULT_PRIVACY_SETTINGS } from '../../privacy/settings.js';
import { createPrivacyEnforcement, type PrivacyEnforcement } from '../../privacy/enforce-privacy.js';
import type { AuctionContext } from '../types.js';
import {
  createUsGeneralEvaluator,
  parseGppFromRequest,
  US_GENERAL_MODULE_CODE,
} from '../../privacy/gpp/index.js';

type Obj = Record<string, unknown>;

/** The account's `privacy.ipv4/ipv6.anon_keep_bits`, else the host's. */
function keepBits(ctx: AuctionContext, key: 'ipv4' | 'ipv6', host: number): number {
  const v = (ctx.account.privacy?.[key] as Obj | undefined)?.['anon_keep_bits'];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : host;
}

/** Whether any activity can be denied: a rule somewhere, a default of false, or a privacy module. */
export function hasEffect(settings: ActivitySettings): boolean {
  if (settings.modules?.length) return true;
  return Object.values(settings.allowActivities ?? {}).some(
    (a) => a !== undefined && (a.default === false || (a.rules?.length ?? 0) > 0),
  );
}

/** The privacy enforcement of this auction: the host's, with the activity enforcer first when configured. */
export function withActivityControls(
  ctx: AuctionContext,
  base: PrivacyEnforcement | undefined,
  host: ActivitySettings | undefined,
): PrivacyEnforcement | undefined {
  if (!host && !ctx.account.activities) return base;
  const settings = mergeActivitySettings(host ?? {}, ctx.account.activities ?? {});
  if (!hasEffect(settings)) return base;
  const own = base ?? createPrivacyEnforcement(DEFAULT_PRIVACY_SETTINGS);
  const privacy = own.settings;
  const usGeneral = settings.modules?.some((m) => m.code === US_GENERAL_MODULE_CODE);
  const enforcer = createActivityEnforcer({
    settings,
    ...(usGeneral
      ? {
          moduleEvaluators: {
            [US_GENERAL_MODULE_CODE]: createUsGeneralEvaluator(parseGppFromRequest(ctx.request)),
          },
        }
      : {}),
    ipv4KeepBits: keepBits(ctx, 'ipv4', privacy.ipv4KeepBits),
    ipv6KeepBits: keepBits(ctx, 'ipv6', privacy.ipv6KeepBits),
  });
  return { settings: privacy, enforcers: [enforcer, ...own.enforcers] };
}
