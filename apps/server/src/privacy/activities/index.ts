// Activity controls (docs/activity-controls.md; G privacy/activitycontrol.go, rule_condition.go,
// scrubber.go, exchange/utils.go; J activity/). Pure functions; the coordinator wires them in.
//
// Contract (exported API):
//
//   parseAllowActivities(doc, path?) → { value: AllowActivities, errors: string[], warnings: string[] }
//     `privacy.allowactivities` of an account or of the host default. Keys match case-insensitively and
//     in snake/kebab case. Wrong types → an error each and the value left out; unknown keys → warnings.
//   parsePrivacyModules(doc, path?) → { value: PrivacyModuleConfig[], errors, warnings }   (`privacy.modules`)
//   parseActivitySettings(privacyDoc, path?) → { value: ActivitySettings, errors, warnings }  (both keys)
//   mergeActivitySettings(host, account) → ActivitySettings            (account over host default, as G)
//
//   createActivityControl({ config?, modules?, moduleEvaluators?, random?, skippedModules?,
//                           gppSids?, geo?: { country?, region? }, gpc? }) → { allow(activity, component) }
//     component = { componentType: 'bidder' | 'analytics' | 'rtd' | 'general', componentName }.
//     Rules in order, first non-abstaining decides, else the activity's `default`, else true.
//   activityContextFromRequest(bidderRequest) → { gppSids?, geo, gpc }   (regs.gpp_sid, device.geo, regs.ext.gpc)
//   decideTransmits(control, bidderName) → { transmitUfpd, transmitPreciseGeo, transmitUniqueRequestIds, transmitTid }
//
//   applyActivityScrubbing(request, decisions, { ipv4KeepBits?, ipv6KeepBits? }?) → BidRequest
//     The bidder's copy with each denied (false) transmit activity applied; never mutates.
//   createActivityEnforcer({ settings, moduleEvaluators?, random?, ipv4KeepBits?, ipv6KeepBits? }) → PrivacyEnforcer
//     One per auction, first in the enforcer list: fetchBids denied → refused ('bidder "x" blocked by
//     privacy settings', warning 10017); else the transmit scrubs.
//
//   activityControlsSection (config-section.ts): proposed host config keys.
export {
  ACTIVITIES,
  type ActivityConfig,
  type ActivityContext,
  type ActivityName,
  type ActivityRule,
  type AllowActivities,
  type Component,
  type ComponentType,
  type ConditionRule,
  type GeoCode,
  type PrivacyModuleConfig,
  type PrivacyModuleEvaluator,
  type PrivacyRegRule,
  type RuleResult,
  type TransmitDecisions,
} from './types.js';
export {
  PRIVACY_MODULE_CODES,
  mergeActivitySettings,
  parseActivitySettings,
  parseAllowActivities,
  parseGeoCode,
  parsePrivacyModules,
  type ActivitySettings,
  type ParseResult,
} from './parse.js';
export {
  ALLOW_BY_DEFAULT,
  createActivityControl,
  drawSkippedModules,
  type ActivityControl,
  type ActivityControlOptions,
} from './control.js';
export {
  applyActivityScrubbing,
  scrubPreciseGeo,
  scrubTid,
  scrubUserFpd,
  UFPD_DEVICE_FIELDS,
  UFPD_USER_EXT_FIELDS,
  UFPD_USER_FIELDS,
  type ScrubOptions,
} from './scrub.js';
export {
  activityContextFromRequest,
  createActivityEnforcer,
  decideTransmits,
  type ActivityEnforcerOptions,
} from './enforce.js';
export { activityControlsSection } from './config-section.js';
