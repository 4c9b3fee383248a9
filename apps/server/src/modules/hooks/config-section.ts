// Host config of the module framework: `hooks.*` (G config.Hooks; J `hooks.*` with
// host-execution-plan / default-account-execution-plan). The plans keep upstream Go's JSON shape
// (`endpoints.<path>.stages.<stage>.groups[].{timeout, hook_sequence[].{module_code, hook_impl_code}}`)
// because their keys are data (endpoint paths, stage names, module codes), not config names.
// The coordinator adds `hooksSection` to ServerConfigSchema and builds the executor with
// `hookExecutorOptionsFromConfig(cfg.hooks)` plus the modules and the clock.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { section } from '@gavel/common';
import { STAGES } from '../types.js';
import type { ExecutionPlan, ModulesConfig } from './types.js';

const hookRef = Type.Object(
  {
    module_code: Type.String({ minLength: 1, description: 'Module code, `vendor.module`' }),
    hook_impl_code: Type.String({ minLength: 1, description: "Which of the module's hooks at this stage" }),
  },
  { additionalProperties: false },
);

const group = Type.Object(
  {
    timeout: Type.Integer({
      minimum: 0,
      description: 'Milliseconds the whole group may take; hooks still running then time out',
    }),
    hook_sequence: Type.Array(hookRef, {
      description: 'Hooks run in parallel; results applied in this order',
    }),
  },
  { additionalProperties: false },
);

const stagePlan = Type.Object(
  {
    groups: Type.Array(group, {
      description:
        'Groups `{timeout (ms), hook_sequence: [{module_code, hook_impl_code}]}`, run one after another',
    }),
  },
  { additionalProperties: false },
);

const stageProps: Record<string, TSchema> = {};
for (const stage of STAGES) stageProps[stage] = Type.Optional(stagePlan);

const executionPlan = (description: string) =>
  Type.Object(
    {
      endpoints: Type.Record(
        Type.String({ pattern: '^/' }),
        Type.Object(
          { stages: Type.Object(stageProps, { additionalProperties: false }) },
          { additionalProperties: false },
        ),
        {
          default: {},
          additionalProperties: false,
          description: 'By endpoint path (`/openrtb2/auction`, `/openrtb2/amp`)',
        },
      ),
    },
    { additionalProperties: false, default: { endpoints: {} }, description },
  );

export const hooksSchema = section(
  {
    enabled: Type.Boolean({
      default: false,
      description: 'Run modules at all; off = no hook runs and no `ext.<ns>.modules` in responses',
    }),
    modules: Type.Record(
      Type.String(),
      Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
      {
        default: {},
        description:
          'Module configs by vendor and module (`modules.<vendor>.<module>`); a built-in module runs only with `enabled: true` in its config; accounts merge their own `hooks.modules` over these',
      },
    ),
    'host-execution-plan': executionPlan('Groups every request runs first, whatever the account'),
    'default-account-execution-plan': executionPlan(
      "Groups run after the host's for accounts without their own `hooks.execution_plan`",
    ),
  },
  'Modules (hook stages): see docs/modules.md',
);

export const hooksSection = { hooks: hooksSchema };

export type HooksConfig = Static<typeof hooksSchema>;

/** Host config → the config part of createHookExecutor's options (add modules and clock). */
export function hookExecutorOptionsFromConfig(cfg: HooksConfig): {
  enabled: boolean;
  hostPlan: ExecutionPlan;
  defaultAccountPlan: ExecutionPlan;
  hostModuleConfig: ModulesConfig;
} {
  return {
    enabled: cfg.enabled,
    hostPlan: cfg['host-execution-plan'],
    defaultAccountPlan: cfg['default-account-execution-plan'],
    hostModuleConfig: cfg.modules,
  };
}
