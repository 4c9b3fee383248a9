// Cases of README §6 (valid-whole/supplementary): upstream asserts these through unit tests of internal
// state. Those whose assertion is visible over HTTP (response, or what mock bidders receive) are
// replayed; the others are reported as failed with the reason they are "not replayable over HTTP".
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listJsonFiles } from '../shared/list-files.js';
import { extractTopLevel } from '../shared/raw-json.js';
import { checkErrorSubstring, checkStablePrefix, checkStatus } from './compare.js';
import { bidderSideCase } from './bidder-side-cases.js';
import { AUCTION_PATH, baseSetup, combine, type EndpointCase } from './case.js';
import { pick, storedTexts, type Corpus } from './corpus.js';
import type { HostSetup } from './host-config.js';

const INTERNAL = 'not replayable over HTTP:';

/** §6 files whose upstream assertion is internal parser state, with what it is. */
const SUPPLEMENTARY_INTERNAL: Record<string, string> = {
  'imp-with-stored-bid-resp-case-matching-bidder-name.json':
    'asserts the parsed imp → stored bid response id map',
  'imp-with-stored-bid-resp-case-not-matching-bidder-name.json':
    'asserts the parsed imp → stored bid response id map',
  'imp-with-stored-bid-resp.json': 'asserts the parsed imp → stored bid response id map',
  'req-two-imps-stored-bid-responses.json': 'asserts the parsed imp → stored bid response id map',
  'req-imp-stored-response.json':
    'asserts the parsed imp → stored auction response map; the stored response text is not JSON and only passed through',
  'req-two-imps-stored-response.json':
    'asserts the parsed imp → stored auction response map; the stored response text is not JSON and only passed through',
};

/** §6 files replayed: the parse must fail (400); `contains` is asserted when upstream asserts a text. */
const SUPPLEMENTARY_ERRORS: Record<string, { contains?: string; bidResponses?: boolean }> = {
  'req-two-imps-one-stored-response.json': {
    contains:
      'request validation failed. The StoredAuctionResponse.ID field must be completely present with, or completely absent from, all impressions in request. No StoredAuctionResponse data found for request.imp[1].ext.prebid',
  },
  'req-two-imps-missing-stored-response.json': {},
  'req-two-imps-missing-stored-bid-response.json': { bidResponses: true },
};

function unitSetup(corpus: Corpus, bidResponses: boolean): HostSetup {
  const storedResponses = {
    ...storedTexts(pick(corpus.mocks, 'unitTests', 'storedAuctionResponses')),
    ...storedTexts(pick(corpus.mocks, 'unitTests', 'storedBidResponses')),
  };
  const known = pick(corpus.mocks, 'unitTests', 'knownBiddersForStoredBidResponseTests');
  return {
    ...baseSetup(corpus),
    storedResponses,
    ...(bidResponses && Array.isArray(known) ? { knownBidders: known.map(String) } : {}),
  };
}

export function supplementaryCases(corpus: Corpus, root: string): EndpointCase[] {
  const dir = join(corpus.samplesDir, 'valid-whole/supplementary');
  let files: string[];
  try {
    files = listJsonFiles(dir);
  } catch {
    return [];
  }
  const group = 'valid-whole/supplementary (§6)';
  return files.map((name): EndpointCase => {
    const file = relative(root, join(dir, name));
    const text = readFileSync(join(dir, name), 'utf8');
    const bidderSide = bidderSideCase(corpus, name, text);
    if (bidderSide) return { file, group, ...bidderSide };
    const replay = SUPPLEMENTARY_ERRORS[name];
    if (!replay)
      return {
        file,
        group,
        unrunnable: `${INTERNAL} ${SUPPLEMENTARY_INTERNAL[name] ?? 'no HTTP-visible assertion upstream'}`,
      };
    const body = extractTopLevel(text, 'mockBidRequest');
    if (!body) return { file, group, unrunnable: 'broken fixture: no mockBidRequest' };
    return {
      file,
      group,
      setup: unitSetup(corpus, replay.bidResponses === true),
      call: { method: 'POST', url: AUCTION_PATH, body: body.raw },
      check: (run) =>
        combine(
          checkStatus(400, run.status ?? 0, run.body ?? ''),
          replay.contains
            ? checkErrorSubstring(replay.contains, run.body ?? '')
            : checkStablePrefix(run.body ?? ''),
        ),
    };
  });
}
