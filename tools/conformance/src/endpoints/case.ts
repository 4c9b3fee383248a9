// One replayable (or knowingly unreplayable) endpoint case, and the host setup every harness starts
// from (README §2.3): stored tables and accounts of harness-mocks.json, every known bidder enabled.
import type { CaseRun, HttpCall } from './harness.js';
import type { HostSetup } from './host-config.js';
import type { FixtureConfig } from './fixture-file.js';
import { pick, storedTexts, type Corpus } from './corpus.js';

const isRecord = (v: unknown): v is Record<string, never> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface CheckResult {
  failure?: string;
  /** Parts of the fixture this runner could not check over HTTP (reported, not failed). */
  skipped?: string[];
}

export interface EndpointCase {
  /** Verdict path, relative to the fixtures root (`#suffix` for a second replay of the same file). */
  file: string;
  /** Sub-count bucket printed by the family. */
  group: string;
  /** Set when the case cannot run at all: it fails with this reason. */
  unrunnable?: string;
  setup?: HostSetup;
  call?: HttpCall;
  check?: (run: CaseRun) => CheckResult;
}

export const AUCTION_PATH = '/openrtb2/auction';
export const AMP_PATH = '/openrtb2/amp';
export const VIDEO_PATH = '/openrtb2/video';

export function baseSetup(corpus: Corpus): HostSetup {
  return {
    accountRequired: false,
    blockedApps: [],
    disabledAdapters: [],
    currencyRates: null,
    needsCurrency: false,
    mockBidders: [],
    realParamsValidator: false,
    bidderInfoOverrides: {},
    storedRequests: storedTexts(pick(corpus.mocks, 'auction', 'storedRequests')),
    storedImps: storedTexts(pick(corpus.mocks, 'auction', 'storedImps')),
    storedResponses: {},
    accounts: storedTexts(pick(corpus.mocks, 'auction', 'accounts'), true),
    hostGdpr: false,
    videoEnabled: false,
  };
}

/** Applies a fixture's `config` block (README §2.2) to a setup. */
export function applyConfig(setup: HostSetup, config: FixtureConfig): HostSetup {
  const out: HostSetup = { ...setup };
  if (config.accountRequired) out.accountRequired = true;
  if (typeof config.aliases === 'string') out.defaultRequestText = config.aliases;
  if (Array.isArray(config.blockedApps)) out.blockedApps = config.blockedApps;
  if (Array.isArray(config.disabledAdapters)) out.disabledAdapters = config.disabledAdapters;
  if (config.currencyRates !== undefined) {
    out.currencyRates = config.currencyRates;
    out.needsCurrency = true;
  }
  if (Array.isArray(config.mockBidders)) out.mockBidders = config.mockBidders;
  if (config.realParamsValidator) out.realParamsValidator = true;
  if (isRecord(config.bidderInfoOverrides)) out.bidderInfoOverrides = config.bidderInfoOverrides;
  if (isRecord(config.preferredmediatype)) out.preferredMediaType = config.preferredmediatype;
  return out;
}

/** Combines check outcomes: the first failure wins, skips accumulate. */
export function combine(...results: Array<CheckResult | string | undefined>): CheckResult {
  const skipped: string[] = [];
  for (const r of results) {
    if (r === undefined) continue;
    if (typeof r === 'string') return { failure: r, skipped };
    if (r.failure) return { failure: r.failure, skipped: [...skipped, ...(r.skipped ?? [])] };
    skipped.push(...(r.skipped ?? []));
  }
  return { skipped };
}
