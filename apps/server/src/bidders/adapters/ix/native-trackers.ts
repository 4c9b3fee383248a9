// Index Exchange native markup: impression pixels listed only as event trackers (event 1, method 1)
// are copied into `imptrackers` (deduplicated, sorted) for renderers that read only that list.

interface NativeMarkup {
  imptrackers?: string[];
  eventtrackers?: { event?: number; method?: number; url?: string }[];
}

function merge(native: NativeMarkup): NativeMarkup {
  const pixels = new Set(native.imptrackers ?? []);
  for (const t of native.eventtrackers ?? []) if (t.event === 1 && t.method === 1 && t.url) pixels.add(t.url);
  return { ...native, imptrackers: [...pixels].sort() };
}

/** The markup with merged trackers; unchanged when it is not JSON or has no event trackers. */
export function mergeNativeImpTrackers(adm: string): string {
  let parsed: { native?: NativeMarkup } & NativeMarkup;
  try {
    parsed = JSON.parse(adm) as typeof parsed;
  } catch {
    return adm;
  }
  if (parsed.native?.eventtrackers?.length)
    return JSON.stringify({ ...parsed, native: merge(parsed.native) });
  if (parsed.eventtrackers?.length) return JSON.stringify(merge(parsed));
  return adm;
}
