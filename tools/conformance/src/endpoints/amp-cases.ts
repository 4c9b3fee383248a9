// Cases of README §3 (AMP harness: amp/valid-supplementary, amp/consent-through-query) and §4
// (invalid-whole replayed as AMP stored requests, plus the synthetic bad AMP requests).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listJsonFiles } from '../shared/list-files.js';
import {
  checkAmpBody,
  checkErrorSubstring,
  checkMockBidderRequests,
  checkStablePrefix,
  checkStatus,
  checkValidatedRequest,
} from './compare.js';
import { readAmpFixture, readAuctionFixture, type AmpFixture } from './fixture-file.js';
import { DECODER_WORDING_FILES } from './auction-cases.js';
import { AMP_PATH, applyConfig, baseSetup, combine, type CheckResult, type EndpointCase } from './case.js';
import { pick, type Corpus } from './corpus.js';
import type { CaseRun } from './harness.js';
import type { HostSetup } from './host-config.js';

export const AMP_FOLDERS = ['amp/valid-supplementary', 'amp/consent-through-query'];

function ampSetup(corpus: Corpus, storedRequests: Record<string, string>): HostSetup {
  // AMP: the tag's stored request is the only stored request; there are no stored imps (§3).
  return { ...baseSetup(corpus), storedRequests, storedImps: {}, hostGdpr: true };
}

function checkAmp(fx: AmpFixture, run: CaseRun): CheckResult {
  const status = run.status ?? 0;
  const body = run.body ?? '';
  const validated = checkValidatedRequest(fx.expectedValidatedBidRequest, body, [
    'ortb2',
    'ext',
    'debug',
    'resolvedrequest',
  ]);
  return combine(
    checkStatus(fx.expectedReturnCode, status, body),
    status !== 200
      ? undefined
      : fx.expectedReturnCode === 200
        ? checkAmpBody(fx.expectedAmpResponse, body)
        : undefined,
    fx.expectedReturnCode !== 200 && body !== (fx.expectedErrorMessage ?? '')
      ? `body ${JSON.stringify(body)}, expected exactly ${JSON.stringify(fx.expectedErrorMessage ?? '')}`
      : undefined,
    checkMockBidderRequests(fx.expectedMockBidderRequests, run.bidderCalls),
    validated.failure ??
      (validated.skipped
        ? { skipped: ['expectedValidatedBidRequest (no debug echo of the resolved request)'] }
        : undefined),
  );
}

export function ampCases(corpus: Corpus, root: string): EndpointCase[] {
  const cases: EndpointCase[] = [];
  for (const folder of AMP_FOLDERS) {
    let files: string[];
    try {
      files = listJsonFiles(join(corpus.samplesDir, folder));
    } catch {
      continue;
    }
    for (const name of files) {
      const file = relative(root, join(corpus.samplesDir, folder, name));
      const parsed = readAmpFixture(readFileSync(join(corpus.samplesDir, folder, name), 'utf8'));
      if ('broken' in parsed) {
        cases.push({ file, group: folder, unrunnable: parsed.broken });
        continue;
      }
      const fx = parsed.fixture;
      const setup = applyConfig(
        ampSetup(corpus, { [fx.tagId]: JSON.stringify(fx.mockBidRequest) }),
        fx.config,
      );
      setup.storedResponses = fx.storedResponses;
      cases.push({
        file,
        group: folder,
        setup,
        call: { method: 'GET', url: `${AMP_PATH}?${fx.query}` },
        check: (run) => checkAmp(fx, run),
      });
    }
  }
  return cases;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** README §4 exclusion rule for replaying an invalid-whole request through AMP. */
export function skipAmpReplay(body: string, expectedMessage: string): boolean {
  if (expectedMessage.includes('request.ext.prebid.cache requires one of the "bids" or "vastxml" properties'))
    return true;
  if (expectedMessage.includes('ext.prebid.storedrequest.id must be a string')) return true;
  let req: unknown;
  try {
    req = JSON.parse(body);
  } catch {
    return false; // does not decode: replayed (the stored request is broken)
  }
  if (!isObj(req)) return false;
  if (req['app'] !== undefined && req['app'] !== null) return true;
  const imps = Array.isArray(req['imp']) ? req['imp'] : [];
  if (imps.length !== 1) return true;
  const device = isObj(req['device']) ? req['device'] : undefined;
  return device !== undefined && JSON.stringify(device['ext'] ?? null).includes('interstitial');
}

function replaySetup(corpus: Corpus, tagId: string, text: string): HostSetup {
  return { ...ampSetup(corpus, { [tagId]: text }), realParamsValidator: true };
}

function checkContains(expectedCode: number, expected: string, lenient: boolean, run: CaseRun): CheckResult {
  const body = run.body ?? '';
  return combine(
    checkStatus(expectedCode, run.status ?? 0, body),
    lenient ? checkStablePrefix(body) : checkErrorSubstring(expected, body),
  );
}

export function ampReplayCases(corpus: Corpus, root: string): EndpointCase[] {
  const cases: EndpointCase[] = [];
  const dir = join(corpus.samplesDir, 'invalid-whole');
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    entries = [];
  }
  const group = 'invalid-whole via AMP (§4)';
  entries.forEach((name, index) => {
    if (!name.endsWith('.json')) return;
    const rel = `invalid-whole/${name}`;
    const file = `${relative(root, join(dir, name))}#amp`;
    const text = readFileSync(join(dir, name), 'utf8');
    const parsed = readAuctionFixture(text);
    if ('broken' in parsed) {
      cases.push({ file, group, unrunnable: parsed.broken });
      return;
    }
    const fx = parsed.fixture;
    // The stored request is the raw mockBidRequest value (README §2.1), as upstream's fetcher serves it.
    const stored = fx.body;
    if (skipAmpReplay(stored, fx.expectedErrorMessage ?? '')) return;
    const tagId = String(100 + index);
    cases.push({
      file,
      group,
      setup: replaySetup(corpus, tagId, stored),
      call: { method: 'GET', url: `${AMP_PATH}?account=test_pub&tag_id=${tagId}` },
      check: (run) =>
        checkContains(
          fx.expectedReturnCode,
          fx.expectedErrorMessage ?? '',
          DECODER_WORDING_FILES.has(rel),
          run,
        ),
    });
  });
  const synthetic = pick(corpus.mocks, 'amp', 'syntheticBadRequests');
  (Array.isArray(synthetic) ? synthetic : []).forEach((s: unknown, i) => {
    if (!isObj(s)) return;
    const tagId = typeof s['tag_id'] === 'string' ? s['tag_id'] : `20${i + 1}`;
    const expected = typeof s['expectedErrorMessage'] === 'string' ? s['expectedErrorMessage'] : '';
    const code = typeof s['expectedReturnCode'] === 'number' ? s['expectedReturnCode'] : 400;
    cases.push({
      file: `${relative(root, join(corpus.endpointsDir, 'harness-mocks.json'))}#amp.syntheticBadRequests[${i}]`,
      group: 'AMP synthetic bad requests (§4)',
      setup: replaySetup(corpus, tagId, JSON.stringify(s['storedRequest'] ?? {})),
      call: { method: 'GET', url: `${AMP_PATH}?${typeof s['query'] === 'string' ? s['query'] : ''}` },
      check: (run) => checkContains(code, expected, false, run),
    });
  });
  return cases;
}
