// The host's activity controls from the `activity-controls` config section (config-section.ts).
import type { Static } from '@sinclair/typebox';
import type { activityControlsSection } from './config-section.js';
import { parseActivitySettings, type ActivitySettings } from './parse.js';

export type ActivityControlsConfig = Static<(typeof activityControlsSection)['activity-controls']>;

/** Schema-checked config → settings; the schema already refused what the parser would. */
export function hostActivities(cfg: ActivityControlsConfig): ActivitySettings | undefined {
  const parsed = parseActivitySettings({ allowactivities: cfg['allow-activities'], modules: cfg.modules });
  const { allowActivities, modules } = parsed.value;
  const neutral = Object.values(allowActivities ?? {}).every(
    (a) => a === undefined || (a.default !== false && (a.rules?.length ?? 0) === 0),
  );
  // All-default settings deny nothing: no enforcer per auction for them.
  return neutral && !modules?.length ? undefined : parsed.value;
}
