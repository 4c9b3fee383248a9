// The endpoint corpus's helper data (README §2.3): harness-mocks.json, known-bidders.json and the
// upstream bidder-params schemas, read at run time from the fixtures root (never copied into the repo).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInBidders } from '@gavel/server';
import type { KnownBidder } from './harness.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Corpus {
  endpointsDir: string;
  samplesDir: string;
  mocks: Obj;
  knownBidders: KnownBidder[];
  paramsSchemas: Map<string, Record<string, unknown>>;
}

/** Stored tables of harness-mocks.json as raw texts; `_malformedRawText`/`_rawText` entries verbatim. */
export function storedTexts(table: unknown, withId = false): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObj(table)) return out;
  for (const [id, entry] of Object.entries(table)) {
    if (isObj(entry) && typeof entry['_malformedRawText'] === 'string') out[id] = entry['_malformedRawText'];
    else if (isObj(entry) && typeof entry['_rawText'] === 'string') out[id] = entry['_rawText'];
    else out[id] = JSON.stringify(withId && isObj(entry) && !('id' in entry) ? { id, ...entry } : entry);
  }
  return out;
}

/** `aliasOf` values in known-bidders.json are sometimes quoted (`'teqblaze'`): strip the quotes. */
function cleanAlias(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v.replace(/^'(.*)'$/, '$1') : undefined;
}

/** Upstream schemas from the fixtures root; bidders without one there fall back to the built-in module's. */
function readParamsSchemas(root: string): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const m of builtInBidders) out.set(m.code, m.paramsSchema);
  const adapters = join(root, 'adapters');
  if (!existsSync(adapters)) return out;
  for (const bidder of readdirSync(adapters)) {
    const dir = join(adapters, bidder, 'static', 'bidder-params');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      try {
        out.set(f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>);
      } catch {
        // an unreadable schema leaves that bidder's params unchecked
      }
    }
  }
  return out;
}

export function readCorpus(root: string): Corpus {
  const endpointsDir = join(root, 'endpoints');
  const mocks = JSON.parse(readFileSync(join(endpointsDir, 'harness-mocks.json'), 'utf8')) as Obj;
  const known = JSON.parse(readFileSync(join(endpointsDir, 'known-bidders.json'), 'utf8')) as Obj;
  const bidders = isObj(known['bidders']) ? known['bidders'] : {};
  const knownBidders: KnownBidder[] = Object.entries(bidders).map(([code, v]) => {
    const aliasOf = cleanAlias(isObj(v) ? v['aliasOf'] : undefined);
    return aliasOf ? { code, aliasOf } : { code };
  });
  return {
    endpointsDir,
    samplesDir: join(endpointsDir, 'sample-requests'),
    mocks,
    knownBidders,
    paramsSchemas: readParamsSchemas(root),
  };
}

/** `mocks.<a>.<b>...` or undefined. */
export function pick(mocks: Obj, ...path: string[]): unknown {
  let node: unknown = mocks;
  for (const k of path) node = isObj(node) ? node[k] : undefined;
  return node;
}
