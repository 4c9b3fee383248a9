// Ad-server targeting (G adservertargeting/; J TargetingKeywordsResolver): `ext.{ns}.adservertargeting`
// rules `{key, source, value}` add publisher keys to every bid's `ext.{ns}.targeting`. See
// docs/ad-server-targeting.md.
//
// Contract (the coordinator wires it), pure, no I/O:
//   applyAdServerTargeting({ns, request, ampQuery?, response, truncateTargetAttr?})
//       → {response, warnings: {code: 10007, message}[]}
//     at the very end of the auction, after targeting and cache; warnings → ext.warnings.general,
//     after the ones already there. `request` is the resolved request; `ampQuery` only on /openrtb2/amp.
//     The same response object comes back when the request has no rules (a cheap check) or no bid
//     changed; otherwise a copy.
//   adServerTargetingRulesOf(request, ns) → the raw rule list, undefined when there is none.
export { applyAdServerTargeting, adServerTargetingRulesOf, maxKeyLength } from './apply.js';
export { validateRules, UNREADABLE_RULES, type RuleValidation } from './rules.js';
export { typedLookup, formatNumber, type Lookup } from './lookup.js';
export {
  AD_SERVER_TARGETING_WARNING_CODE,
  DEFAULT_KEY_LENGTH,
  type AdServerTargetingInput,
  type AdServerTargetingResult,
  type AdServerTargetingRule,
  type AdServerTargetingWarning,
  type RuleSource,
} from './types.js';
