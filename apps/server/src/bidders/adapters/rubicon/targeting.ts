// Rubicon targeting maps: first-party data objects flattened to string arrays (strings, whole numbers,
// booleans and their arrays; other values are not targetable), and IAB segment ids by segtax.
import type { Ext } from '../../../openrtb/types.js';
import { withProps } from '@gavel/common';

export type Target = Record<string, unknown>;

function allOf<T>(values: unknown[], is: (v: unknown) => v is T): values is T[] {
  return values.length > 0 && values.every(is);
}

/** Adds the targetable attributes of a first-party `data` object to `target`. */
export function addDataAttributes(data: unknown, target: Target): void {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value === 'string') target[key] = [value];
    else if (typeof value === 'number' && Number.isInteger(value)) target[key] = [String(value)];
    else if (typeof value === 'boolean') target[key] = [String(value)];
    else if (Array.isArray(value)) {
      if (allOf(value, (v): v is string => typeof v === 'string')) target[key] = value;
      else if (allOf(value, (v): v is boolean => typeof v === 'boolean')) target[key] = value.map(String);
    }
  }
}

/** Segment ids of the `data` entries whose numeric `ext.segtax` is one of `taxonomies`. */
export function iabSegments(data: unknown, taxonomies: readonly number[]): string[] {
  if (!Array.isArray(data)) return [];
  const ids: string[] = [];
  for (const entry of data as { ext?: Ext; segment?: { id?: unknown }[] }[]) {
    const segtax = entry.ext?.segtax;
    if (typeof segtax !== 'number' || !taxonomies.includes(segtax)) continue;
    for (const s of entry.segment ?? []) if (typeof s.id === 'string') ids.push(s.id);
  }
  return ids;
}

/** A copy of `target` with the IAB segments under `iab` (when there are any). */
export function withIab(target: Target, ids: string[]): Target {
  return ids.length ? withProps(target, { iab: ids }) : target;
}
