// AppNexus imp rewriting: its params (current and legacy spellings) become `imp.ext.appnexus`,
// `inv_code` the tagid, `reserve` a missing floor, `position` the banner position; a banner without
// explicit size takes its first format.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { withProps } from '@gavel/common';

interface Keyword {
  key?: string;
  value?: string[];
}

export interface ImpOutcome {
  imp: Imp;
  member: string;
  /** `generate_ad_pod_id`: all imps of a request must agree on it. */
  adPod: boolean;
}

const POSITIONS: Readonly<Record<string, number>> = { above: 1, below: 3 };

/** `key=value` pairs as AppNexus reads them, from a string, a `[{key, value[]}]` list or a map. */
function keywordsOf(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw || undefined;
  const list: Keyword[] = Array.isArray(raw)
    ? (raw as Keyword[])
    : typeof raw === 'object' && raw !== null
      ? Object.keys(raw)
          .sort()
          .map((key) => ({ key, value: (raw as Record<string, string[]>)[key] }))
      : [];
  const pairs = list.flatMap((k) => (k.value?.length ? k.value.map((v) => `${k.key}=${v}`) : [k.key ?? '']));
  return pairs.length ? pairs.join(',') : undefined;
}

/** The first of `names` present in `params`. */
function param(params: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (params[n] !== undefined) return params[n];
  return undefined;
}

function displayManagerVer(request: Readonly<BidRequest>): string | undefined {
  const prebid = (request.app?.ext?.prebid ?? {}) as { source?: unknown; version?: unknown };
  const { source, version } = prebid;
  return typeof source === 'string' && typeof version === 'string' ? `${source}-${version}` : undefined;
}

export function mapImp(imp: Readonly<Imp>, request: Readonly<BidRequest>): ImpOutcome | BidderError {
  const params = (imp.ext?.bidder ?? {}) as Record<string, unknown>;
  const placementId = Number(param(params, 'placement_id', 'placementId') ?? 0) || 0;
  const invCode = param(params, 'inv_code', 'invCode') as string | undefined;
  const memberRaw = param(params, 'member');
  const member = typeof memberRaw === 'string' || typeof memberRaw === 'number' ? String(memberRaw) : '';
  if (placementId === 0 && (!invCode || !member))
    return { code: 2, message: 'No placement or member+invcode provided' };

  const appnexus: Record<string, unknown> = {
    placement_id: placementId || undefined,
    keywords: keywordsOf(params.keywords),
    traffic_source_code: param(params, 'traffic_source_code', 'trafficSourceCode') || undefined,
    use_pmt_rule: param(params, 'use_pmt_rule', 'use_payment_rule', 'usePaymentRule'),
    private_sizes: param(params, 'private_sizes', 'privateSizes'),
    ext_inv_code: param(params, 'ext_inv_code') || undefined,
    external_imp_id: param(params, 'external_imp_id') || undefined,
  };
  const out: Imp = withProps(imp, { ext: { appnexus, ...(imp.ext?.gpid ? { gpid: imp.ext.gpid } : {}) } });
  if (invCode) out.tagid = invCode;
  const reserve = Number(params.reserve ?? 0);
  if (!(imp.bidfloor && imp.bidfloor > 0) && reserve > 0) out.bidfloor = reserve;
  const first = imp.banner?.format?.[0];
  if (imp.banner) {
    const sized = imp.banner.w === undefined && imp.banner.h === undefined && first;
    const pos = POSITIONS[String(params.position)];
    out.banner = withProps(imp.banner, sized ? { w: first.w, h: first.h } : {}, pos ? { pos } : {});
  }
  const dmv = imp.displaymanagerver || displayManagerVer(request);
  if (dmv) out.displaymanagerver = dmv;
  return { imp: out, member, adPod: params.generate_ad_pod_id === true };
}
