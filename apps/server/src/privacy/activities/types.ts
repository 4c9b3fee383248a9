// Vocabulary of the activity controls (G privacy/activity.go, config/activity.go; J activity/): the
// eight activities, the components that ask, the parsed account/host rules, and the invocation facts.

/** The activities an account can restrict, in upstream's (G) order and spelling. */
export const ACTIVITIES = [
  'syncUser',
  'fetchBids',
  'enrichUfpd',
  'reportAnalytics',
  'transmitUfpd',
  'transmitPreciseGeo',
  'transmitUniqueRequestIds',
  'transmitTid',
] as const;

export type ActivityName = (typeof ACTIVITIES)[number];

/** Component types upstream passes (G component.go); a rule may name others, which never match. */
export type ComponentType = 'bidder' | 'analytics' | 'rtd' | 'general';

/** Who performs the activity: a bidder (name as in the request: code or alias), an analytics module, … */
export interface Component {
  componentType: ComponentType;
  componentName: string;
}

/** `COUNTRY` or `COUNTRY.REGION` of a `geo` condition (J ConditionsRule.GeoCode). */
export interface GeoCode {
  country: string;
  /** Absent: any region of the country. */
  region?: string;
}

/**
 * A `{condition, allow}` rule. An absent condition field is no constraint; an empty array is none
 * either (G). All present fields must match for the rule to decide.
 */
export interface ConditionRule {
  kind: 'condition';
  allow: boolean;
  componentName?: readonly string[];
  componentType?: readonly string[];
  gppSid?: readonly number[];
  geo?: readonly GeoCode[];
  gpc?: string;
}

/** A `{privacyreg: [...]}` rule: delegates to the configured privacy modules (J). */
export interface PrivacyRegRule {
  kind: 'privacyreg';
  privacyreg: readonly string[];
}

export type ActivityRule = ConditionRule | PrivacyRegRule;

/** One activity's settings: rules tried in order, then `default` (true when absent). */
export interface ActivityConfig {
  default?: boolean;
  rules?: readonly ActivityRule[];
}

/** `privacy.allowactivities`: activities without an entry are allowed. */
export type AllowActivities = Partial<Record<ActivityName, ActivityConfig>>;

/** One `privacy.modules[]` entry (J AccountPrivacyModuleConfig). */
export interface PrivacyModuleConfig {
  /** `iab.usgeneral` or `iab.uscustomlogic`. */
  code: string;
  /** Absent = enabled. */
  enabled?: boolean;
  /** Percent (0–100) of auctions in which the module abstains without running. */
  skipRate: number;
  config?: Record<string, unknown>;
}

/** What one rule or module says. */
export type RuleResult = 'allow' | 'deny' | 'abstain';

/**
 * A privacy module's decision for one invocation. Gavel has none built in yet; the host registers
 * evaluators by module code (J's US National / US Custom Logic modules read the GPP string).
 */
export type PrivacyModuleEvaluator = (
  activity: ActivityName,
  component: Component,
  module: PrivacyModuleConfig,
) => RuleResult;

/** Facts of the invocation that rules may test (J ActivityInvocationPayload). */
export interface ActivityContext {
  /** GPP section ids in scope (`regs.gpp_sid` of the request, or the cookie-sync `gpp_sid`). */
  gppSids?: readonly number[];
  /**
   * Present for invocations that carry geo (the auction: the bidder request's `device.geo`); absent
   * for those that do not (cookie sync, setuid), where `geo` conditions do not constrain (J).
   */
  geo?: { country?: string; region?: string };
  /**
   * `regs.ext.gpc` as a string; `null` = the invocation carries GPC but the request has none (no
   * match), absent = the invocation carries no GPC (a `gpc` condition does not constrain, J).
   */
  gpc?: string | null;
}

/** Per-bidder outcome of the transmit activities (true = allowed; absent = allowed). */
export interface TransmitDecisions {
  transmitUfpd?: boolean;
  transmitPreciseGeo?: boolean;
  transmitUniqueRequestIds?: boolean;
  transmitTid?: boolean;
}
