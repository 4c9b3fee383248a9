// The modules Gavel ships (docs/modules.md); a host runs one by setting
// `hooks.modules.<vendor>.<module>.enabled: true` and naming its hooks in an execution plan.
import type { Module } from './types.js';
import { ortb2BlockingModule } from './ortb2blocking/index.js';
import { richMediaModule } from './richmedia/index.js';

export const builtInModules: readonly Module[] = [ortb2BlockingModule, richMediaModule];
