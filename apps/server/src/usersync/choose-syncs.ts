// Which bidders to sync (contract "POST /cookie_sync" selection rules 1–5; notes §3 G chooser):
// requested bidders (all syncers when absent), skipping fresh IDs, duplicate keys and filtered
// types, up to `limit`; cooperative sync tops up with other unsynced bidders.
import type { UidsCookie } from './uids-cookie.js';
import { entryState } from './uids-state.js';
import type { Syncer, SyncerTable, SyncType } from './syncers.js';

export type FilterMode = 'include' | 'exclude';

export interface TypeFilter {
  /** '*' = every bidder. */
  bidders: '*' | readonly string[];
  filter: FilterMode;
}

export interface FilterSettings {
  iframe?: TypeFilter;
  image?: TypeFilter;
}

export interface ChooseInput {
  table: SyncerTable;
  /** Bidders on the page; undefined = all known bidders with a syncer (rule 1). */
  bidders: readonly string[] | undefined;
  cookie: UidsCookie;
  nowMs: number;
  /** 0 = unlimited. */
  limit: number;
  coop: boolean;
  filterSettings: FilterSettings | undefined;
  /** [0, 1) source for the fair shuffles (injectable for deterministic tests). */
  random: () => number;
  /** Privacy per bidder (TCF purpose 1 for its vendor); absent → every bidder may sync. */
  privacyAllows?: (bidder: string) => boolean;
}

export interface ChosenSync {
  syncer: Syncer;
  type: SyncType;
}

export interface Rejection {
  bidder: string;
  error: string;
}

export interface ChooseResult {
  chosen: ChosenSync[];
  rejected: Rejection[];
}

/** Fisher–Yates, so that under a limit no bidder always wins the slots. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

function matches(f: TypeFilter | undefined, bidder: string): boolean | undefined {
  if (!f) return undefined;
  const listed = f.bidders === '*' || f.bidders.some((b) => b.toLowerCase() === bidder.toLowerCase());
  return f.filter === 'include' ? listed : !listed;
}

/** Whether the request's filterSettings allow this sync type for this bidder (absent filter = allowed). */
export function typeAllowed(fs: FilterSettings | undefined, bidder: string, type: SyncType): boolean {
  const verdict = matches(type === 'iframe' ? fs?.iframe : fs?.image, bidder);
  return verdict ?? true;
}

/** The syncer's default type when allowed, else its other type when it has one and it is allowed. */
export function chooseType(syncer: Syncer, fs: FilterSettings | undefined): SyncType | undefined {
  const other: SyncType = syncer.defaultType === 'iframe' ? 'redirect' : 'iframe';
  for (const type of [syncer.defaultType, other]) {
    if (syncer[type] && typeAllowed(fs, syncer.bidder, type)) return type;
  }
  return undefined;
}

export function chooseSyncs(input: ChooseInput): ChooseResult {
  const { table, cookie, nowMs, limit, random } = input;
  const chosen: ChosenSync[] = [];
  const rejected: Rejection[] = [];
  const seenKeys = new Set<string>();
  const seenBidders = new Set<string>();
  const full = () => limit > 0 && chosen.length >= limit;

  const consider = (name: string, report: boolean) => {
    const reject = (error: string) => {
      if (report) rejected.push({ bidder: name, error });
    };
    const syncer = table.byBidder(name);
    if (!syncer) return reject(table.whyNoSyncer(name));
    if (seenBidders.has(syncer.bidder)) return; // the same bidder asked twice
    seenBidders.add(syncer.bidder);
    if (seenKeys.has(syncer.key)) return reject(`Duplicate bidder synced as ${syncer.key}`);
    if (entryState(cookie, syncer.key, nowMs) === 'present') return reject('Already in sync');
    if (input.privacyAllows && !input.privacyAllows(syncer.bidder)) return reject('Rejected by privacy');
    const type = chooseType(syncer, input.filterSettings);
    if (!type) return reject('Rejected by request filter');
    if (full()) return reject('Limit reached');
    seenKeys.add(syncer.key);
    chosen.push({ syncer, type });
  };

  const requested = input.bidders ?? table.all().map((s) => s.bidder);
  for (const name of shuffled(requested, random)) consider(name, input.bidders !== undefined);
  if (input.coop && !full()) {
    // Rule 4: top up with other unsynced bidders, in random order; their rejections are not news.
    for (const s of shuffled(table.all(), random)) {
      if (full()) break;
      consider(s.bidder, false);
    }
  }
  return { chosen, rejected };
}
