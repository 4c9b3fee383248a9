// Cases of README §2 (generic auction harness over the walked folders) and §5 (broken host default
// request), with the §8 leniency for files whose expected text is Go decoder/validator wording.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listJsonFiles } from '../shared/list-files.js';
import {
  checkBidResponse,
  checkErrorSubstring,
  checkMockBidderRequests,
  checkStablePrefix,
  checkStatus,
  checkValidatedRequest,
} from './compare.js';
import { readAuctionFixture, type AuctionFixture } from './fixture-file.js';
import {
  AUCTION_PATH,
  applyConfig,
  baseSetup,
  combine,
  type CheckResult,
  type EndpointCase,
} from './case.js';
import { pick, type Corpus } from './corpus.js';
import type { CaseRun } from './harness.js';

/** Folders walked by the generic harness (README §1), relative to sample-requests/. */
export const GENERIC_FOLDERS = [
  'valid-whole/exemplary',
  'valid-native',
  'invalid-whole',
  'invalid-native',
  'aliased',
  'blocked',
  'account-required/no-account',
  'account-required/with-account',
  'invalid-stored',
  'disabled/bad',
  'disabled/good',
  'currency-conversion',
  'bidadjustments',
  // README-additions.md: categories added to the corpus later.
  'account-malformed',
  'adservertargeting',
  'alternate-bidder-code',
  // `hooks` has its own cases (hooks-cases.ts, README-additions §4–5).
];

/** README §8 "decoder wording": only status + the stable prefix are compared (relative to sample-requests/). */
export const DECODER_WORDING_FILES = new Set([
  'invalid-stored/bad_incoming_1.json',
  'invalid-stored/bad_incoming_imp.json',
  'invalid-stored/bad_stored_imp.json',
  'invalid-whole/imp-ext-invalid-params.json',
  'invalid-whole/invalid-bidder-params.json',
  'invalid-whole/invalid-source.json',
  'invalid-whole/malformed-bid-request.json',
  'invalid-whole/regs-ext-malformed.json',
  'invalid-whole/user-ext-consent-int.json',
  'invalid-whole/user-gdpr-consent-invalid.json',
]);

const VALIDATED_SKIP = 'expectedValidatedBidRequest (no debug echo of the resolved request)';

export function checkAuction(fx: AuctionFixture, lenient: boolean, run: CaseRun): CheckResult {
  const status = run.status ?? 0;
  const body = run.body ?? '';
  const validated = checkValidatedRequest(fx.expectedValidatedBidRequest, body);
  return combine(
    checkStatus(fx.expectedReturnCode, status, body),
    fx.expectedErrorMessage
      ? lenient
        ? checkStablePrefix(body)
        : checkErrorSubstring(fx.expectedErrorMessage, body)
      : undefined,
    fx.expectedBidResponse !== undefined ? checkBidResponse(fx.expectedBidResponse, body) : undefined,
    checkMockBidderRequests(fx.expectedMockBidderRequests, run.bidderCalls),
    validated.failure ?? (validated.skipped ? { skipped: [VALIDATED_SKIP] } : undefined),
  );
}

function fixturePath(corpus: Corpus, root: string, rel: string): string {
  return relative(root, join(corpus.samplesDir, rel));
}

export function genericAuctionCases(corpus: Corpus, root: string): EndpointCase[] {
  const cases: EndpointCase[] = [];
  for (const folder of GENERIC_FOLDERS) {
    let files: string[];
    try {
      files = listJsonFiles(join(corpus.samplesDir, folder));
    } catch {
      continue; // folder absent from this set
    }
    for (const name of files) {
      const rel = `${folder}/${name}`;
      const group = rel.split('/').slice(0, -1).join('/');
      const file = fixturePath(corpus, root, rel);
      const parsed = readAuctionFixture(readFileSync(join(corpus.samplesDir, rel), 'utf8'));
      if ('broken' in parsed) {
        cases.push({ file, group, unrunnable: parsed.broken });
        continue;
      }
      const fx = parsed.fixture;
      const lenient = DECODER_WORDING_FILES.has(rel);
      cases.push({
        file,
        group,
        setup: applyConfig(baseSetup(corpus), fx.config),
        call: { method: 'POST', url: AUCTION_PATH, body: fx.body },
        check: (run) => checkAuction(fx, lenient, run),
      });
    }
  }
  return cases;
}

/** README §5: the two files replayed with a broken host default request. */
export function badDefaultRequestCases(corpus: Corpus, root: string): EndpointCase[] {
  const spec = pick(corpus.mocks, 'badDefaultRequestCase') as
    | {
        appliesTo?: string[];
        hostDefaultRequestRawText?: string;
        expectedReturnCode?: number;
        expectedBodyExactly?: string;
      }
    | undefined;
  if (!spec?.appliesTo || typeof spec.hostDefaultRequestRawText !== 'string') return [];
  const group = 'bad default request (§5)';
  // A fixtures root holding only some files (an upstream holdout) replays the ones it has.
  const present = spec.appliesTo.filter((rel) => existsSync(join(corpus.samplesDir, rel)));
  return present.map((rel): EndpointCase => {
    const file = `${fixturePath(corpus, root, rel)}#bad-default-request`;
    const parsed = readAuctionFixture(readFileSync(join(corpus.samplesDir, rel), 'utf8'));
    if ('broken' in parsed) return { file, group, unrunnable: parsed.broken };
    const expectedCode = spec.expectedReturnCode ?? 400;
    return {
      file,
      group,
      setup: {
        ...applyConfig(baseSetup(corpus), parsed.fixture.config),
        defaultRequestText: spec.hostDefaultRequestRawText,
      },
      call: { method: 'POST', url: AUCTION_PATH, body: parsed.fixture.body },
      // The exact body is jsonpatch wording (`Invalid JSON Document`): §8 leniency, status + prefix.
      check: (run) =>
        combine(
          checkStatus(expectedCode, run.status ?? 0, run.body ?? ''),
          checkStablePrefix(run.body ?? ''),
        ),
    };
  });
}
