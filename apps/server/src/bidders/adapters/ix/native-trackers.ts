import { withProps } from '@gavel/common';
// Index Exchange native markup: impression pixels listed only as event trackers (event 1, method 1)
// are copied into `imptrackers` (deduplicated, sorted) for renderers that read only that list. The
// markup is then re-written in the field order of the OpenRTB Native 1.2 response, as Index's servers do.

interface NativeMarkup {
  imptrackers?: string[];
  eventtrackers?: { event?: number; method?: number; url?: string }[];
  [key: string]: unknown;
}

/** Field order of each Native response object; `!` marks fields written even when empty, `?` fields
 * dropped only when absent (0 is a value). */
const ORDER: Record<string, string[]> = {
  response: [
    'ver',
    'assets',
    'assetsurl',
    'dcourl',
    'link!',
    'imptrackers',
    'jstracker',
    'eventtrackers',
    'privacy',
    'ext',
  ],
  asset: ['id?', 'required', 'title', 'img', 'video', 'data', 'link', 'ext'],
  title: ['text!', 'len', 'ext'],
  img: ['type', 'url!', 'w', 'h', 'ext'],
  video: ['vasttag!', 'ext'],
  data: ['type', 'len', 'value!', 'ext'],
  link: ['url!', 'clicktrackers', 'fallback', 'ext'],
  eventtracker: ['event!', 'method!', 'url', 'customdata', 'ext'],
};

const CHILD: Record<string, string> = {
  assets: 'asset',
  title: 'title',
  img: 'img',
  video: 'video',
  data: 'data',
  link: 'link',
  eventtrackers: 'eventtracker',
};

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === 0 || v === '' || (Array.isArray(v) && v.length === 0);
}

function ordered(value: unknown, kind: string): unknown {
  if (Array.isArray(value)) return value.map((v) => ordered(v, kind));
  if (!value || typeof value !== 'object') return value;
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const spec of ORDER[kind] ?? []) {
    const key = spec.replace(/[!?]$/, '');
    const v = src[key];
    if (spec.endsWith('?') ? v === undefined || v === null : isEmpty(v) && !spec.endsWith('!')) continue;
    const child = CHILD[key];
    out[key] = key === 'ext' || !child ? (v ?? (key === 'link' ? {} : '')) : ordered(v ?? {}, child);
  }
  return out;
}

function merge(native: NativeMarkup): unknown {
  const pixels = new Set(native.imptrackers ?? []);
  for (const t of native.eventtrackers ?? []) if (t.event === 1 && t.method === 1 && t.url) pixels.add(t.url);
  return ordered(withProps(native, { imptrackers: [...pixels].sort() }), 'response');
}

/** The markup with merged trackers; unchanged when it is not JSON or has no event trackers. */
export function mergeNativeImpTrackers(adm: string): string {
  let parsed: { native?: NativeMarkup } & NativeMarkup;
  try {
    parsed = JSON.parse(adm) as typeof parsed;
  } catch {
    return adm;
  }
  if (parsed.native?.eventtrackers?.length) return JSON.stringify({ native: merge(parsed.native) });
  if (parsed.eventtrackers?.length) return JSON.stringify(merge(parsed));
  return adm;
}
