// `ext.<ns>.floors` as upstream writes it back (G json tags of openrtb_ext.PriceFloorRules): its
// field order, zero numbers and empty strings left out (omitempty), flags kept when set.
import type {
  PriceFloorData,
  PriceFloorEnforcement,
  PriceFloorModelGroup,
  PriceFloorRules,
} from './types.js';

type Obj = Record<string, unknown>;

function put(out: Obj, key: string, v: unknown): void {
  if (v === undefined || v === 0 || v === '') return;
  if (Array.isArray(v) && v.length === 0) return;
  if (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).length === 0 &&
    key === 'values'
  )
    return;
  out[key] = v;
}

/** Wire forms of model groups kept by memo.ts (frozen): one per group object. */
const wireOfKept = new WeakMap<PriceFloorModelGroup, Obj>();

function groupWire(g: PriceFloorModelGroup): Obj {
  if (!Object.isFrozen(g)) return buildGroupWire(g);
  let wire = wireOfKept.get(g);
  if (wire === undefined) {
    wire = Object.freeze(buildGroupWire(g));
    wireOfKept.set(g, wire);
  }
  return wire;
}

function buildGroupWire(g: PriceFloorModelGroup): Obj {
  const out: Obj = {};
  put(out, 'currency', g.currency);
  if (g.modelweight !== undefined) out['modelweight'] = g.modelweight;
  put(out, 'modelversion', g.modelversion);
  put(out, 'skiprate', g.skiprate);
  const schema: Obj = {};
  if (g.schema.fields && g.schema.fields.length > 0) schema['fields'] = [...g.schema.fields];
  put(schema, 'delimiter', g.schema.delimiter);
  out['schema'] = schema;
  // A frozen (kept) values object is shared as it is; another is copied.
  put(out, 'values', g.values && !Object.isFrozen(g.values) ? { ...g.values } : g.values);
  put(out, 'default', g.default);
  return out;
}

function dataWire(d: PriceFloorData): Obj {
  const out: Obj = {};
  put(out, 'currency', d.currency);
  put(out, 'skiprate', d.skiprate);
  put(out, 'floorsschemaversion', d.floorsschemaversion);
  put(out, 'modeltimestamp', d.modeltimestamp);
  put(out, 'modelgroups', d.modelgroups?.map(groupWire));
  put(out, 'floorprovider', d.floorprovider);
  if (d.usefetchdatarate !== undefined) out['usefetchdatarate'] = d.usefetchdatarate;
  return out;
}

function enforcementWire(e: PriceFloorEnforcement): Obj {
  const out: Obj = {};
  for (const k of ['enforcejs', 'enforcepbs', 'floordeals', 'bidadjustment'] as const)
    if (e[k] !== undefined) out[k] = e[k];
  put(out, 'enforcerate', e.enforcerate);
  return out;
}

/** The JSON object written to `ext.<ns>.floors`. */
export function floorsWire(r: PriceFloorRules): Obj {
  const out: Obj = {};
  put(out, 'floormin', r.floormin);
  put(out, 'floormincur', r.floormincur);
  put(out, 'skiprate', r.skiprate);
  if (r.floorendpoint) {
    const endpoint: Obj = {};
    put(endpoint, 'url', r.floorendpoint.url);
    out['floorendpoint'] = endpoint;
  }
  if (r.data) out['data'] = dataWire(r.data);
  if (r.enforcement) out['enforcement'] = enforcementWire(r.enforcement);
  if (r.enabled !== undefined) out['enabled'] = r.enabled;
  if (r.skipped !== undefined) out['skipped'] = r.skipped;
  put(out, 'floorprovider', r.floorprovider);
  put(out, 'fetchstatus', r.fetchstatus);
  put(out, 'location', r.location);
  return out;
}
