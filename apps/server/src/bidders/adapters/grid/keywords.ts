// TheMediaGrid keywords: publisher keyword sets from the first imp's params, `request.ext.keywords` and
// the OpenRTB `site.keywords` / `user.keywords` strings, merged into `request.ext.keywords.{site,user}`
// as `{publisher: [{name, segments: [{name, value}]}]}`. Malformed entries are dropped, as Grid does.
import type { BidRequest } from '../../../openrtb/types.js';

type Json = Record<string, unknown>;
interface Segment {
  name: string;
  value: string;
}
interface PublisherItem {
  name: string;
  segments: Segment[];
}
type Sections = Record<'site' | 'user', Record<string, PublisherItem[]>>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s) => typeof s === 'string') : []);

/** An entry's segments: its well-formed `segments` objects, then every `<key>: [strings]` pair. */
function segmentsOf(item: Json): Segment[] {
  const out: Segment[] = [];
  for (const s of Array.isArray(item.segments) ? item.segments : []) {
    if (isObject(s) && typeof s.name === 'string' && typeof s.value === 'string') {
      out.push({ name: s.name, value: s.value });
    }
  }
  for (const key of Object.keys(item).sort()) {
    if (key !== 'name') for (const value of strings(item[key])) out.push({ name: key, value });
  }
  return out;
}

function addSection(into: Record<string, PublisherItem[]>, section: unknown): void {
  if (!isObject(section)) return;
  for (const [publisher, items] of Object.entries(section)) {
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (!isObject(item) || typeof item.name !== 'string') continue;
      const segments = segmentsOf(item);
      if (segments.length > 0) (into[publisher] ??= []).push({ name: item.name, segments });
    }
  }
}

function addOrtb(into: Record<string, PublisherItem[]>, keywords: unknown): void {
  const values = (typeof keywords === 'string' ? keywords : '').split(',').filter((k) => k !== '');
  if (values.length === 0) return;
  const segments = values.map((value) => ({ name: 'keywords', value }));
  (into.ortb2 ??= []).push({ name: 'keywords', segments });
}

/** `request.ext` with the consolidated keywords (undefined when nothing is left). */
export function extWithKeywords(request: Readonly<BidRequest>, impKeywords: unknown): Json | undefined {
  const ext: Json = { ...request.ext };
  const given: Json = isObject(ext.keywords) ? { ...ext.keywords } : {};
  const sections: Sections = { site: {}, user: {} };
  // Grid prepends each later source, so the OpenRTB strings lead, then the imp's, then the request's.
  addOrtb(sections.user, request.user?.keywords);
  addOrtb(sections.site, request.site?.keywords);
  for (const name of ['site', 'user'] as const) {
    addSection(sections[name], isObject(impKeywords) ? impKeywords[name] : undefined);
    addSection(sections[name], given[name]);
  }
  for (const name of ['site', 'user'] as const) {
    if (Object.keys(sections[name]).length > 0) given[name] = sections[name];
    else delete given[name];
  }
  if (Object.keys(given).length > 0) ext.keywords = given;
  else delete ext.keywords;
  return Object.keys(ext).length > 0 ? ext : undefined;
}
