// The activity control (G privacy/activitycontrol.go + rule_condition.go; J ActivityInfrastructure,
// ActivityController, ConditionsRule, AndRule, PrivacyModulesRuleCreator): per activity, the rules are
// tried in order and the first that does not abstain decides; if all abstain, the activity's
// `default` decides; an activity without settings is allowed.
import type {
  ActivityContext,
  ActivityName,
  ActivityRule,
  AllowActivities,
  Component,
  ConditionRule,
  PrivacyModuleConfig,
  PrivacyModuleEvaluator,
  PrivacyRegRule,
  RuleResult,
} from './types.js';

/** Upstream's result when nothing is configured (G defaultActivityResult, J ALLOW_ACTIVITY_BY_DEFAULT). */
export const ALLOW_BY_DEFAULT = true;

export interface ActivityControlOptions extends ActivityContext {
  /** Parsed `privacy.allowactivities` (parseAllowActivities); absent → everything allowed. */
  config?: AllowActivities;
  /** Parsed `privacy.modules` (parsePrivacyModules), for `privacyreg` rules. */
  modules?: readonly PrivacyModuleConfig[];
  /** Evaluators by module code; a configured module without one is not available (as if not built). */
  moduleEvaluators?: Readonly<Record<string, PrivacyModuleEvaluator>>;
  /** [0, 1) source for module skip rates; Math.random when absent. */
  random?: () => number;
  /** Modules that skip this time, drawn once per auction (drawSkippedModules); overrides `random`. */
  skippedModules?: ReadonlySet<string>;
}

export interface ActivityControl {
  /** Whether `component` may perform `activity` in this invocation. */
  allow(activity: ActivityName, component: Component): boolean;
}

type Evaluate = (activity: ActivityName, component: Component) => RuleResult;

const eq = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/** An absent or empty list does not constrain (G); otherwise one entry must match. */
function anyOf<T>(list: readonly T[] | undefined, match: (v: T) => boolean): boolean {
  return list === undefined || list.length === 0 || list.some(match);
}

function conditionMatches(rule: ConditionRule, component: Component, ctx: ActivityContext): boolean {
  if (!anyOf(rule.componentName, (n) => eq(n, component.componentName))) return false;
  if (!anyOf(rule.componentType, (t) => eq(t, component.componentType))) return false;
  if (!anyOf(rule.gppSid, (sid) => ctx.gppSids?.includes(sid) === true)) return false;
  // geo and gpc constrain only invocations that carry them (J GeoActivityInvocationPayload / Gpc…).
  const geo = ctx.geo;
  if (
    geo &&
    !anyOf(
      rule.geo,
      (g) => eq(g.country, geo.country) && (g.region === undefined || eq(g.region, geo.region)),
    )
  ) {
    return false;
  }
  if (rule.gpc !== undefined && ctx.gpc !== undefined && rule.gpc !== ctx.gpc) return false;
  return true;
}

/** Module state of one control: enabled modules in config order, and which ones skip this time. */
interface ModuleScope {
  modules: readonly PrivacyModuleConfig[];
  skipped: ReadonlySet<string>;
  evaluators: Readonly<Record<string, PrivacyModuleEvaluator>>;
}

/** J draws once per module per auction: a module skips (abstains) when floor(rand·100) < skipRate. */
export function drawSkippedModules(
  modules: readonly PrivacyModuleConfig[],
  random: () => number = Math.random,
): Set<string> {
  return new Set(modules.filter((m) => Math.floor(random() * 100) < m.skipRate).map((m) => m.code));
}

function moduleScope(opts: ActivityControlOptions): ModuleScope {
  const modules = (opts.modules ?? []).filter((m) => m.enabled !== false);
  const skipped = opts.skippedModules ?? drawSkippedModules(modules, opts.random);
  return { modules, skipped, evaluators: opts.moduleEvaluators ?? {} };
}

/**
 * The modules a `privacyreg` rule runs: each name matches the module codes it is a prefix of once its
 * first `*` and what follows are cut (`*` = all, `iab.*`); a module already used by an earlier rule
 * of the same activity is not run again (J).
 */
function resolveModules(rule: PrivacyRegRule, scope: ModuleScope, used: Set<string>): PrivacyModuleConfig[] {
  const out: PrivacyModuleConfig[] = [];
  for (const name of rule.privacyreg) {
    if (name.trim() === '') continue;
    const star = name.indexOf('*');
    const prefix = star === -1 ? name : name.slice(0, star);
    for (const m of scope.modules) {
      const available = scope.skipped.has(m.code) || scope.evaluators[m.code] !== undefined;
      if (!m.code.startsWith(prefix) || !available || used.has(m.code)) continue;
      used.add(m.code);
      out.push(m);
    }
  }
  return out;
}

/** J AndRule: the last non-abstaining module decides, and a deny stops at once. */
function modulesRule(modules: PrivacyModuleConfig[], scope: ModuleScope): Evaluate {
  return (activity, component) => {
    let result: RuleResult = 'abstain';
    for (const m of modules) {
      const evaluate = scope.evaluators[m.code];
      const r = scope.skipped.has(m.code) || !evaluate ? 'abstain' : evaluate(activity, component, m);
      if (r !== 'abstain') result = r;
      if (result === 'deny') break;
    }
    return result;
  };
}

function compileRules(rules: readonly ActivityRule[], scope: ModuleScope, ctx: ActivityContext): Evaluate[] {
  const used = new Set<string>();
  return rules.map((rule): Evaluate => {
    if (rule.kind === 'privacyreg') return modulesRule(resolveModules(rule, scope, used), scope);
    const decision: RuleResult = rule.allow ? 'allow' : 'deny';
    return (_activity, component) => (conditionMatches(rule, component, ctx) ? decision : 'abstain');
  });
}

/** Builds the control for one invocation context (an auction, a cookie sync, one bidder's copy). */
export function createActivityControl(opts: ActivityControlOptions): ActivityControl {
  const config = opts.config ?? {};
  const ctx = pickContext(opts);
  const scope = moduleScope(opts);
  const plans = new Map<ActivityName, Evaluate[]>();
  return {
    allow(activity, component) {
      const settings = config[activity];
      if (!settings) return ALLOW_BY_DEFAULT;
      let plan = plans.get(activity);
      if (!plan) {
        plan = compileRules(settings.rules ?? [], scope, ctx);
        plans.set(activity, plan);
      }
      for (const rule of plan) {
        const result = rule(activity, component);
        if (result !== 'abstain') return result === 'allow';
      }
      return settings.default ?? ALLOW_BY_DEFAULT;
    },
  };
}

function pickContext(opts: ActivityControlOptions): ActivityContext {
  const ctx: ActivityContext = {};
  if (opts.gppSids) ctx.gppSids = opts.gppSids;
  if (opts.geo) ctx.geo = opts.geo;
  if (opts.gpc !== undefined) ctx.gpc = opts.gpc;
  return ctx;
}
