// README §7, video_valid_sample_appendbiddernames.json over HTTP. Upstream (G
// TestVideoEndpointAppendBidderNames) posts the payload to the video handler with a recording mock
// exchange and asserts: the exchange request has 11 imps (pods of 180 s and 150 s in 30 s slots),
// site.page "prebid.com" (the body over the stored request), site.content.series "TvName", and
// ext.prebid.targeting.appendbiddernames true; the adPods it checks are the mock exchange's own.
//
// What of that a mock bidder sees (the appnexus mock, named by both pod configs): the imps, site and
// content, and of the targeting only `includebrandcategory` (G buildRequestExtForBidder keeps no other
// targeting field), which the video endpoint turns into `{primaryadserver: 1, withcategory: true}`.
// `appendbiddernames` itself shows only in the answer's hb_pb_cat_dur values (`<pb>_<cat>_<dur>s_<seat>`):
// every value the response carries must end in `_appnexus`. The harness's mock bids have no category,
// so category mapping drops them and no value is there to check: reported as skipped, not passed.
import { checkStatus } from './compare.js';
import { combine, type CheckResult } from './case.js';
import type { CaseRun } from './harness.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const APPEND_BIDDER_NAMES_FILE = 'video_valid_sample_appendbiddernames.json';

function at(doc: unknown, ...path: Array<string | number>): unknown {
  let node = doc;
  for (const k of path)
    node = Array.isArray(node) ? node[k as number] : isObj(node) ? node[k as string] : undefined;
  return node;
}

function parse(text: string | undefined, what: string): Obj | string {
  if (text === undefined) return `${what}: nothing received`;
  try {
    const doc = JSON.parse(text) as unknown;
    return isObj(doc) ? doc : `${what}: not a JSON object`;
  } catch {
    return `${what}: not JSON: ${text.slice(0, 300)}`;
  }
}

const expect = (got: unknown, want: unknown, what: string): string | undefined =>
  got === want ? undefined : `${what} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;

/** The exchange request as the appnexus mock received it. */
function checkBidderRequest(req: Obj): string | undefined {
  const imps = at(req, 'imp');
  const ids = Array.isArray(imps) ? imps.map((imp) => at(imp, 'id')) : [];
  const want = ['1_0', '1_1', '1_2', '1_3', '1_4', '1_5', '2_0', '2_1', '2_2', '2_3', '2_4'];
  if (JSON.stringify(ids) !== JSON.stringify(want))
    return `exchange request imp ids ${JSON.stringify(ids)}, expected ${JSON.stringify(want)}`;
  const brand = at(req, 'ext', 'prebid', 'targeting', 'includebrandcategory');
  return (
    expect(at(req, 'site', 'page'), 'prebid.com', 'site.page') ??
    expect(at(req, 'site', 'content', 'series'), 'TvName', 'site.content.series') ??
    expect(at(brand, 'primaryadserver'), 1, 'ext.prebid.targeting.includebrandcategory.primaryadserver') ??
    expect(at(brand, 'withcategory'), true, 'ext.prebid.targeting.includebrandcategory.withcategory')
  );
}

/** Every hb_pb_cat_dur of the answer ends in `_appnexus`; how many there were. */
function checkCatDurValues(res: Obj): { failure?: string; count: number } {
  const pods = at(res, 'adPods');
  if (!Array.isArray(pods)) return { failure: 'response has no adPods array', count: 0 };
  const podIds = pods.map((p) => at(p, 'podid'));
  if (!podIds.includes(1) || !podIds.includes(2))
    return { failure: `adPods podids ${JSON.stringify(podIds)}, expected pods 1 and 2`, count: 0 };
  const values = pods.flatMap((p) => {
    const t = at(p, 'targeting');
    return Array.isArray(t) ? t.map((e) => at(e, 'hb_pb_cat_dur')) : [];
  });
  const bad = values.find((v) => typeof v !== 'string' || !/^[^_]+_.+_\d+s_appnexus$/.test(v));
  if (bad !== undefined)
    return {
      failure: `hb_pb_cat_dur ${JSON.stringify(bad)} lacks the bidder name (<pb>_<cat>_<dur>s_appnexus)`,
      count: values.length,
    };
  return { count: values.length };
}

export function checkAppendBidderNames(run: CaseRun): CheckResult {
  const status = checkStatus(200, run.status ?? 0, run.body ?? '');
  if (status) return { failure: status };
  const req = parse(run.bidderCalls['appnexus']?.[0], 'appnexus mock request');
  if (typeof req === 'string') return { failure: req };
  const res = parse(run.body, 'response');
  if (typeof res === 'string') return { failure: res };
  const values = checkCatDurValues(res);
  const skipped =
    values.count === 0
      ? [
          'hb_pb_cat_dur values with the bidder name appended (the mock bids carry no category: none reached adPods)',
        ]
      : [];
  return combine(checkBidderRequest(req), values.failure, {
    skipped: [
      ...skipped,
      'ext.prebid.targeting.appendbiddernames of the exchange request (not sent to bidders)',
    ],
  });
}
