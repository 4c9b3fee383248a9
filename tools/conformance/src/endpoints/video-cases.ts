// Cases of README §7 (video): upstream posts `requestPayload` to the video handler and asserts the
// exchange request handed to a recording mock auction. Over HTTP that request is what the mock bidder
// (appnexus, named by every stored pod config) receives, so those facts are checked there; the error
// case is checked on the response. Auction results are not compared (upstream's auction is a mock).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listJsonFiles } from '../shared/list-files.js';
import { extractTopLevel } from '../shared/raw-json.js';
import { checkStatus } from './compare.js';
import { VIDEO_PATH, baseSetup, combine, type CheckResult, type EndpointCase } from './case.js';
import { pick, storedTexts, type Corpus } from './corpus.js';
import type { CaseRun } from './harness.js';
import type { HostSetup } from './host-config.js';
import { APPEND_BIDDER_NAMES_FILE, checkAppendBidderNames } from './video-appendbiddernames.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function at(doc: unknown, ...path: Array<string | number>): unknown {
  let node = doc;
  for (const k of path)
    node = Array.isArray(node) ? node[k as number] : isObj(node) ? node[k as string] : undefined;
  return node;
}

/** The exchange request as the appnexus mock received it (first call), or why there is none. */
function exchangeRequest(run: CaseRun): Obj | string {
  const body = run.bidderCalls['appnexus']?.[0];
  if (body === undefined)
    return `the appnexus mock was never called; response ${run.status ?? 0}: ${(run.body ?? '').slice(0, 300)}`;
  try {
    const doc = JSON.parse(body) as unknown;
    return isObj(doc) ? doc : 'appnexus mock got a non-object body';
  } catch {
    return 'appnexus mock got a non-JSON body';
  }
}

type RequestCheck = (req: Obj) => string | undefined;

function slot(index: number, id: string, duration: number): RequestCheck {
  return (req) => {
    const imp = at(req, 'imp', index);
    const got = [at(imp, 'id'), at(imp, 'video', 'minduration'), at(imp, 'video', 'maxduration')];
    return got[0] === id && got[1] === duration && got[2] === duration
      ? undefined
      : `imp[${index}] id/minduration/maxduration ${JSON.stringify(got)}, expected ${JSON.stringify([id, duration, duration])}`;
  };
}

const impCount =
  (n: number): RequestCheck =>
  (req) => {
    const imps = at(req, 'imp');
    const count = Array.isArray(imps) ? imps.length : 0;
    return count === n ? undefined : `exchange request has ${count} imps, expected ${n}`;
  };

const userAgent =
  (ua: string): RequestCheck =>
  (req) =>
    at(req, 'device', 'ua') === ua
      ? undefined
      : `device.ua ${JSON.stringify(at(req, 'device', 'ua'))}, expected ${JSON.stringify(ua)}`;

const usPrivacy: RequestCheck = (req) => {
  const v = at(req, 'regs', 'us_privacy') ?? at(req, 'regs', 'ext', 'us_privacy');
  return typeof v === 'string' && v.length === 4
    ? undefined
    : `regs us_privacy ${JSON.stringify(v)}, expected a 4-character string`;
};

interface VideoSpec {
  headers?: Record<string, string>;
  checks: RequestCheck[];
  /** What upstream also asserts that this runner cannot see. */
  partial: string[];
}

const BIDDER_SIDE: Record<string, VideoSpec> = {
  'video_valid_sample_ccpa_valid.json': {
    checks: [usPrivacy, impCount(11)],
    partial: ['the pod count of the mocked auction'],
  },
  'video_valid_sample_different_durations.json': {
    checks: [impCount(22), slot(0, '1_0', 15), slot(6, '1_6', 30), slot(12, '2_0', 15), slot(17, '2_5', 30)],
    partial: ['ext.prebid.targeting.includebidderkeys of the exchange request'],
  },
  'video_valid_sample_with_device_user_agent.json': {
    headers: { 'User-Agent': 'TestHeader' },
    checks: [userAgent('TestHeaderSample')],
    partial: ['the variant without a User-Agent header'],
  },
  'video_valid_sample_without_device_user_agent.json': {
    headers: { 'User-Agent': 'TestHeader' },
    checks: [userAgent('TestHeader')],
    partial: ['the no-header and percent-encoded header variants'],
  },
};

const ERRORS: Record<string, { status: number; exactly: string }> = {
  'video_invalid_sample_negative_tmax.json': {
    status: 500,
    exactly: 'Critical error while running the video endpoint:  request.tmax must be nonnegative. Got -2',
  },
};

function videoSetup(corpus: Corpus): HostSetup {
  return {
    ...baseSetup(corpus),
    storedRequests: storedTexts(pick(corpus.mocks, 'video', 'storedRequests')),
    storedImps: storedTexts(pick(corpus.mocks, 'video', 'storedImps')),
    accounts: storedTexts(pick(corpus.mocks, 'video', 'accounts'), true),
    mockBidders: [{ bidderName: 'appnexus', currency: 'USD', price: 0 }],
    videoEnabled: true,
  };
}

function checkBidderSide(spec: VideoSpec, run: CaseRun): CheckResult {
  const req = exchangeRequest(run);
  if (typeof req === 'string') return { failure: req };
  return combine(...spec.checks.map((c) => c(req)), { skipped: spec.partial });
}

export function videoCases(corpus: Corpus, root: string): EndpointCase[] {
  const dir = join(corpus.samplesDir, 'video');
  let files: string[];
  try {
    files = listJsonFiles(dir);
  } catch {
    return [];
  }
  const group = 'video (§7)';
  return files.map((name): EndpointCase => {
    const file = relative(root, join(dir, name));
    const body = extractTopLevel(readFileSync(join(dir, name), 'utf8'), 'requestPayload');
    if (!body) return { file, group, unrunnable: 'broken fixture: no requestPayload' };
    const call = { method: 'POST' as const, url: VIDEO_PATH, body: body.raw };
    const error = ERRORS[name];
    if (error)
      return {
        file,
        group,
        setup: videoSetup(corpus),
        call,
        check: (run) => {
          const actual = run.body ?? '';
          return combine(
            checkStatus(error.status, run.status ?? 0, actual),
            actual === error.exactly
              ? undefined
              : `body ${JSON.stringify(actual)}, expected exactly ${JSON.stringify(error.exactly)}`,
          );
        },
      };
    if (name === APPEND_BIDDER_NAMES_FILE)
      return { file, group, setup: videoSetup(corpus), call, check: checkAppendBidderNames };
    const spec = BIDDER_SIDE[name];
    if (!spec)
      return {
        file,
        group,
        unrunnable: 'not replayable over HTTP: no HTTP-visible assertion known for this file',
      };
    return {
      file,
      group,
      setup: videoSetup(corpus),
      call: { ...call, ...(spec.headers ? { headers: spec.headers } : {}) },
      check: (run) => checkBidderSide(spec, run),
    };
  });
}
