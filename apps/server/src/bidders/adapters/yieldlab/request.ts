// Yieldlab call: a GET to `<endpoint>/<ad slot ids>` whose query carries the merged targeting, banner
// sizes per slot, user, device, app, consent, supply chain and DSA facts.
import type { BidRequest } from '../../../openrtb/types.js';
import type { AdapterContext } from '../../types.js';
import { encodeQuery, joinQuery, splitQuery, type QueryValues } from '../../helpers/url-query.js';
import { queryEscape } from '../../helpers/query-escape.js';
import { goJsonStringify } from '../../helpers/go-json-stringify.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { cacheBuster, consentOf, goFloat, slotParams, type SlotParams } from './params.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Banner-only imps as `<slot>:<w>x<h>|…`, joined with commas; '' when there are none. */
function sizesOf(request: Readonly<BidRequest>): string {
  return request.imp
    .filter((imp) => imp.banner && !imp.video && !imp.audio && !imp.native)
    .map((imp) => {
      const sizes = (imp.banner?.format ?? []).map((f) => `${f.w ?? 0}x${f.h ?? 0}`).join('|');
      return `${slotParams(imp)?.adslotId ?? ''}:${sizes}`;
    })
    .join(',');
}

/** One schain node field: strings escaped, numbers as they are, the free-form `ext` as escaped JSON. */
function nodeValue(value: unknown, key: string): string {
  if (value === undefined || value === null) return '';
  if (key === 'ext') return queryEscape(goJsonStringify(value));
  if (typeof value === 'string') return queryEscape(value);
  return typeof value === 'number' ? String(value) : '';
}

/** The `schain` value (`ver,complete!asi,sid,hp,rid,name,domain,ext…`), or '' without nodes. */
function supplyChainOf(request: Readonly<BidRequest>): string {
  const ext = request.source?.ext;
  if (!isObject(ext)) return '';
  const schain = isObject(ext.schain) ? ext.schain : {};
  const nodes = Array.isArray(schain.nodes) ? (schain.nodes as unknown[]) : [];
  if (nodes.length === 0) return '';
  const ver = typeof schain.ver === 'string' ? schain.ver : '';
  const complete = typeof schain.complete === 'number' ? schain.complete : 0;
  const keys = ['asi', 'sid', 'hp', 'rid', 'name', 'domain', 'ext'];
  const parts = nodes.map(
    (n) => `!${keys.map((k) => nodeValue(isObject(n) ? n[k] : undefined, k)).join(',')}`,
  );
  return `${ver},${complete}${parts.join('')}`;
}

/** `domain~p1_p2~~domain2~p…` from DSA transparency entries. */
function transparencyOf(entries: unknown[]): string {
  return entries
    .filter(isObject)
    .map((t) => {
      const domain = typeof t.domain === 'string' ? t.domain : '';
      if (domain === '') return '';
      const params = Array.isArray(t.dsaparams) ? t.dsaparams : [];
      return params.length > 0 ? `${domain}~${params.join('_')}` : domain;
    })
    .join('~~');
}

/** The DSA query params of regs.ext.dsa, or the decode error. */
function addDsa(query: QueryValues, request: Readonly<BidRequest>): string | undefined {
  const regsExt = request.regs?.ext;
  const dsa = isObject(regsExt) ? paramIgnoringCase(regsExt, 'dsa') : undefined;
  if (dsa === undefined || dsa === null) return undefined;
  if (!isObject(dsa)) {
    const found = (JSON.stringify(dsa) ?? '').charAt(0);
    return (
      'failed to parse Regs.Ext object from Yieldlab response: ' +
      `cannot unmarshal yieldlab.openRTBExtRegsWithDSA.DSA: expect { or n, but found ${found}`
    );
  }
  const ints: [string, string][] = [
    ['dsarequired', 'dsarequired'],
    ['pubrender', 'dsapubrender'],
    ['datatopub', 'dsadatatopub'],
  ];
  for (const [key, param] of ints) {
    if (typeof dsa[key] === 'number') query.set(param, [String(dsa[key])]);
  }
  const transparency = Array.isArray(dsa.transparency) ? transparencyOf(dsa.transparency) : '';
  if (transparency !== '') query.set('dsatransparency', [transparency]);
  return undefined;
}

function addDevice(query: QueryValues, request: Readonly<BidRequest>): void {
  const device = request.device;
  if (!device) return;
  query.set('yl_rtb_ifa', [device.ifa ?? '']);
  query.set('yl_rtb_devicetype', [String(device.devicetype ?? 0)]);
  if (typeof device.connectiontype === 'number') {
    query.set('yl_rtb_connectiontype', [String(device.connectiontype)]);
  }
  if (device.geo) {
    query.set('lat', [goFloat(device.geo.lat ?? 0)]);
    query.set('lon', [goFloat(device.geo.lon ?? 0)]);
  }
}

export interface CallTarget {
  request: Readonly<BidRequest>;
  merged: SlotParams;
  ctx: AdapterContext;
}

/** The call's URI, or the error that stops the call. */
export function callUri({ request, merged, ctx }: CallTarget): { uri: string } | { error: string } {
  const { base, query } = splitQuery(ctx.endpoint);
  const trimmed = base.replace(/\/+$/, '');
  const path = merged.adslotId === '' ? trimmed : `${trimmed}/${merged.adslotId}`;
  query.set('content', ['json']);
  query.set('pvid', ['true']);
  query.set('ts', [cacheBuster(ctx)]);
  query.set('t', [encodeQuery(new Map(Object.entries(merged.targeting).map(([k, v]) => [k, [v]])))]);
  const sizes = sizesOf(request);
  if (sizes !== '') query.set('sizes', [sizes]);
  if (request.user?.buyeruid) query.set('ids', [`ylid:${request.user.buyeruid}`]);
  addDevice(query, request);
  if (request.app) {
    query.set('pubappname', [request.app.name ?? '']);
    query.set('pubbundlename', [request.app.bundle ?? '']);
  }
  const consent = consentOf(request);
  if ('error' in consent) return consent;
  if (consent.gdpr !== '') query.set('gdpr', [consent.gdpr]);
  if (consent.consent !== '') query.set('gdpr_consent', [consent.consent]);
  const schain = supplyChainOf(request);
  if (schain !== '') query.set('schain', [schain]);
  const dsaError = addDsa(query, request);
  if (dsaError) return { error: dsaError };
  return { uri: joinQuery(path, query) };
}
