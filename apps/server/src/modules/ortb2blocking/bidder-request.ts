// bidder_request hook of prebid.ortb2blocking (upstream G hook_bidderrequest.go): sets badv, bapp, bcat,
// imp.banner.btype, imp.{banner,video,audio}.battr and cattax on one bidder's request from the account
// config, leaving every field the request already carries, and remembers what it set for the
// raw_bidder_response hook.
import { withProps } from '@gavel/common';
import type { BidRequest, Imp } from '../../openrtb/types.js';
import type { BidderRequestPayload, HookResult, Mutation } from '../types.js';
import {
  BlockingConfigError,
  idsSetting,
  namesSetting,
  type Attribute,
  type Ortb2BlockingConfig,
} from './config.js';
import { BATTR_KEYS, BATTR_MEDIA_TYPES, type BattrMediaType, type BlockingAttributes } from './context.js';
import {
  firstOrDefault,
  getNames,
  mediaTypesOfRequest,
  perImpOverrides,
  type MediaTypes,
} from './overrides.js';

type Result = HookResult<BidderRequestPayload>;
type RequestMutation = Mutation<BidderRequestPayload>;

interface Work {
  cfg: Ortb2BlockingConfig;
  payload: Readonly<BidderRequestPayload>;
  mediaTypes: MediaTypes;
  attrs: BlockingAttributes & { battr: Partial<Record<BattrMediaType, Record<string, readonly number[]>>> };
  changes: RequestMutation[];
  warnings: string[];
}

const nonEmpty = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

function updateRequest(key: string, change: (r: BidRequest) => BidRequest): RequestMutation {
  return {
    type: 'update',
    key: ['bidrequest', key],
    apply: (p) => withProps(p, { request: change(p.request) }),
  };
}

/** badv / bapp / bcat: the top-level name lists. */
function updateNames(
  w: Work,
  opts: { attribute: Attribute; field: 'badv' | 'bapp' | 'bcat'; key: string },
): void {
  if (nonEmpty(w.payload.request[opts.field])) return;
  let resolved;
  try {
    resolved = firstOrDefault(
      { bidder: w.payload.bidder, mediaTypes: w.mediaTypes, get: getNames },
      namesSetting(w.cfg, opts.attribute, opts.key),
    );
  } catch (err) {
    throw wrap(
      err,
      `failed to update ${opts.field} field: failed to get override for ${opts.attribute}.${opts.key}`,
    );
  }
  if (resolved.warning !== '') w.warnings.push(resolved.warning);
  const values = [...resolved.value];
  w.attrs[opts.field] = values;
  if (values.length > 0)
    w.changes.push(updateRequest(opts.field, (r) => withProps(r, { [opts.field]: values })));
}

function wrap(err: unknown, prefix: string): BlockingConfigError {
  if (err instanceof BlockingConfigError) return new BlockingConfigError(`${prefix}: ${err.message}`);
  throw err;
}

type ImpMedia = 'banner' | 'video' | 'audio';

/** Sets `imp.<media>.<field>` on the imps named in `byImp` that have that media object (never creates one). */
function updateImps(opts: {
  media: ImpMedia;
  field: 'btype' | 'battr';
  byImp: ReadonlyMap<string, readonly number[]>;
}): RequestMutation {
  const { media, field, byImp } = opts;
  return {
    type: 'update',
    key: ['bidrequest', 'imp', media, field],
    apply: (p) => {
      const imp = p.request.imp.map((i): Imp => {
        const values = byImp.get(i.id);
        const object = i[media];
        if (values === undefined || values.length === 0 || object === undefined || object === null) return i;
        return withProps(i, { [media]: withProps(object, { [field]: [...values] }) });
      });
      return withProps(p, { request: withProps(p.request, { imp }) });
    },
  };
}

function onlyWithMedia(
  w: Work,
  media: ImpMedia,
  byImp: Map<string, readonly number[]>,
): Map<string, readonly number[]> {
  const filtered = new Map<string, readonly number[]>();
  for (const imp of w.payload.request.imp) {
    const values = byImp.get(imp.id);
    if (values !== undefined && imp[media] !== undefined && imp[media] !== null) filtered.set(imp.id, values);
  }
  return filtered;
}

/** btype and battr: per imp, resolved with the imp's own media types, applied where the media object exists. */
function updatePerImp(w: Work, opts: { media: ImpMedia; field: 'btype' | 'battr'; key: string }): void {
  const { media, field, key } = opts;
  const setting = idsSetting(w.cfg, field, key);
  if (setting.value.length === 0 && setting.overrides.length === 0) {
    // Nothing configured: no imp gets a value (the usual case for most attributes), so skip the per-imp walk.
    if (field === 'battr') w.attrs.battr[media] = {};
    return;
  }
  let byImp;
  try {
    byImp = perImpOverrides(
      {
        bidder: w.payload.bidder,
        imps: w.payload.request.imp,
        hasField: (imp) => nonEmpty(imp[media]?.[field]),
        warnings: w.warnings,
      },
      setting,
    );
  } catch (err) {
    throw wrap(err, `failed to update ${field} field: failed to get override for imp.*.${media}.${field}`);
  }
  const filtered = onlyWithMedia(w, media, byImp);
  if (filtered.size > 0) w.changes.push(updateImps({ media, field, byImp: filtered }));
  const record = Object.fromEntries(filtered);
  if (field === 'btype') {
    if (byImp.size > 0) w.attrs.btype = record;
  } else {
    w.attrs.battr[media] = record;
  }
}

function updateCatTax(w: Work): void {
  const current = w.payload.request['cattax'];
  if (typeof current === 'number' && current > 0) {
    // Gavel: the request's own taxonomy is the one bids must use (G leaves the default, IAB Content 1.0).
    w.attrs.cattax = current;
    return;
  }
  const cattax = w.cfg.categoryTaxonomy;
  w.attrs.cattax = cattax;
  if (cattax > 0) w.changes.push(updateRequest('cattax', (r) => withProps(r, { cattax })));
}

/** The hook body for a parsed config; a bad override becomes an error result (the auction goes on). */
export function handleBidderRequest(
  cfg: Ortb2BlockingConfig,
  payload: Readonly<BidderRequestPayload>,
): Result {
  if (!payload.request || !Array.isArray(payload.request.imp)) {
    return { errors: ['payload contains a nil bid request'] };
  }
  const w: Work = {
    cfg,
    payload,
    mediaTypes: mediaTypesOfRequest(payload.request),
    attrs: { battr: {} },
    changes: [],
    warnings: [],
  };
  try {
    updateNames(w, { attribute: 'badv', field: 'badv', key: 'blocked_adomain' });
    updateNames(w, { attribute: 'bapp', field: 'bapp', key: 'blocked_app' });
    updateNames(w, { attribute: 'bcat', field: 'bcat', key: 'blocked_adv_cat' });
    updatePerImp(w, { media: 'banner', field: 'btype', key: 'blocked_banner_type' });
    for (const media of BATTR_MEDIA_TYPES) {
      updatePerImp(w, { media, field: 'battr', key: BATTR_KEYS[media].blocked });
    }
  } catch (err) {
    if (err instanceof BlockingConfigError) return { errors: [err.message] };
    throw err;
  }
  updateCatTax(w);
  const result: {
    changeSet?: RequestMutation[];
    warnings?: string[];
    moduleContext: Record<string, unknown>;
  } = {
    moduleContext: { [payload.bidder]: w.attrs },
  };
  if (w.changes.length > 0) result.changeSet = w.changes;
  if (w.warnings.length > 0) result.warnings = w.warnings;
  return result;
}
