// GPP (docs: the coordinator's privacy page). Pure functions; the coordinator wires them in.
//
// Contract (exported API):
//
//   parseGppFromRequest(request) → ParsedGpp          regs.gpp/gpp_sid, else regs.ext.gpp/gpp_sid
//   parseGpp(gpp?, sids?) → ParsedGpp                  for /cookie_sync, /setuid, AMP query values
//     { gpp?, sids?, sectionIds, sections, tcfEuV2?, uspV1?, us: Map<sid, UsSection>, errors, sectionErrors }
//   resolveGppPrivacy(request, parsed) → { gdpr?: 0|1, consent?, usPrivacy?, warnings: PrivacyIssue[] }
//     G's effective values and warning texts (code 10001), in G's order.
//   usPrivacyActivities(parsed, { skipSids?, allowPersonalDataConsent2? }) → Record<ActivityName, 'allow'|'deny'|'abstain'>
//   createUsGeneralEvaluator(parsed) → PrivacyModuleEvaluator   for moduleEvaluators['iab.usgeneral']
//   usGeneralModuleSchema (config-section.ts): proposed `privacy.modules[]` entry.
export { GPP_SID, parseGpp, parseGppFromRequest, type ParsedGpp, type UsSection } from './parse.js';
export { GPP_WARNING, resolveGppPrivacy, type GppResolution } from './resolve.js';
export { US_MODULE_SIDS, usNatView, type UsNatView } from './us-view.js';
export {
  createUsGeneralEvaluator,
  usModuleSids,
  usPrivacyActivities,
  usPrivacyOptionsFromConfig,
  usSectionDenials,
  type UsActivityResults,
  type UsPrivacyOptions,
  type UsSectionDenials,
} from './us-activities.js';
export {
  US_GENERAL_MODULE_ALIASES,
  US_GENERAL_MODULE_CODE,
  usGeneralModuleSchema,
} from './config-section.js';
