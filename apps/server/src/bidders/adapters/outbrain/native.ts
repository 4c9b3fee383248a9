// Outbrain native markup: event trackers are rewritten into the OpenRTB Native 1.1 tracker fields
// (impression image pixels → `imptrackers`, impression JS → `jstracker`), as Outbrain's markup expects.
import { goJsonStringify } from '../../helpers/go-json-stringify.js';
import { withProps } from '@gavel/common';

interface EventTracker {
  event?: number;
  method?: number;
  url?: string;
}

// Field order of the serialised native response, so the markup text matches what the bidder documents.
const ORDER = [
  'ver',
  'assets',
  'assetsurl',
  'dcourl',
  'link',
  'imptrackers',
  'jstracker',
  'eventtrackers',
  'privacy',
  'ext',
];

/** The rewritten markup, or undefined when `adm` is not a native response. */
export function rewriteNativeTrackers(adm: string): string | undefined {
  let native: Record<string, unknown>;
  try {
    native = JSON.parse(adm) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const imptrackers = Array.isArray(native.imptrackers) ? [...(native.imptrackers as string[])] : [];
  let jstracker = typeof native.jstracker === 'string' ? native.jstracker : '';
  for (const t of (native.eventtrackers ?? []) as EventTracker[]) {
    if (t.event !== 1 || !t.url) continue;
    if (t.method === 1) imptrackers.push(t.url);
    else if (t.method === 2) jstracker = `<script src="${t.url}"></script>`;
  }
  const rewritten: Record<string, unknown> = withProps(native, {
    imptrackers,
    jstracker,
    eventtrackers: undefined,
  });
  if (imptrackers.length === 0) delete rewritten.imptrackers;
  if (!jstracker) delete rewritten.jstracker;
  const ordered = Object.fromEntries(
    ORDER.filter((k) => rewritten[k] !== undefined).map((k) => [k, rewritten[k]]),
  );
  return goJsonStringify(ordered);
}
