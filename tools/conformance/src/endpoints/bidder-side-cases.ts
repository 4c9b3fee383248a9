// README §6 files whose upstream assertion (parsed request state) is visible over HTTP in what a mock
// bidder receives: merged/promoted bidder params (imp.ext.bidder of each bidder's copy), an explicit
// site.ext.amp, and device.ipv6 from the body winning over X-Forwarded-For. Partial by nature: the
// request-level ext (expectedReqExt) and private-network settings are not observable this way.
import { decodeRaw, extractTopLevel } from '../shared/raw-json.js';
import { jsonDiff } from '../shared/json-equal.js';
import { checkStatus } from './compare.js';
import { AUCTION_PATH, baseSetup, combine, type CheckResult, type EndpointCase } from './case.js';
import type { Corpus } from './corpus.js';
import type { CaseRun } from './harness.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function firstCall(run: CaseRun, bidder: string): Obj | string {
  const body = run.bidderCalls[bidder]?.[0];
  if (body === undefined) return `mock bidder ${bidder} was never called`;
  try {
    const doc = JSON.parse(body) as unknown;
    return isObj(doc) ? doc : `mock bidder ${bidder} got a non-object body`;
  } catch {
    return `mock bidder ${bidder} got a non-JSON body`;
  }
}

function atPath(doc: unknown, path: readonly (string | number)[]): unknown {
  let node = doc;
  for (const k of path)
    node = Array.isArray(node) ? node[k as number] : isObj(node) ? node[k as string] : undefined;
  return node;
}

function warningsOf(body: string): string[] {
  try {
    const general = atPath(JSON.parse(body), ['ext', 'warnings', 'general']);
    return Array.isArray(general)
      ? general.map((w) => {
          const m = atPath(w, ['message']);
          return typeof m === 'string' ? m : '';
        })
      : [];
  } catch {
    return [];
  }
}

/** Each bidder of expectedImpExt.prebid.bidder receives exactly those params in imp[0].ext.bidder. */
function checkParams(expectedImpExt: unknown, run: CaseRun): string | undefined {
  const bidders = atPath(expectedImpExt, ['prebid', 'bidder']);
  if (!isObj(bidders)) return 'fixture has no expectedImpExt.prebid.bidder';
  for (const [bidder, params] of Object.entries(bidders)) {
    const call = firstCall(run, bidder);
    if (typeof call === 'string') return call;
    const d = jsonDiff(params, atPath(call, ['imp', 0, 'ext', 'bidder']), `${bidder} imp[0].ext.bidder`);
    if (d) return d;
  }
  return undefined;
}

const PARTIAL = ['expectedReqExt (request ext as parsed; bidders see their own shaped copy)'];

const mock = (bidderName: string) => ({ bidderName, currency: 'USD', price: 0 });
const status = (run: CaseRun) => checkStatus(200, run.status ?? 0, run.body ?? '');

type BidderSideCase = Pick<EndpointCase, 'setup' | 'call' | 'check'>;

/** req-ext-bidder-params*: the params each bidder receives, and the parsing warnings. */
function bidderParamsCase(
  corpus: Corpus,
  name: string,
  text: string,
  call: BidderSideCase['call'],
): BidderSideCase {
  const expectedImpExt = decodeRaw(extractTopLevel(text, 'expectedImpExt'));
  const bidders = Object.keys((atPath(expectedImpExt, ['prebid', 'bidder']) as Obj | undefined) ?? {});
  const promotion = name === 'req-ext-bidder-params-promotion.json';
  return {
    setup: { ...baseSetup(corpus), mockBidders: bidders.map(mock) },
    call,
    check: (run): CheckResult => {
      // Upstream asserts the warnings of request parsing; the account-level debug warning (10002)
      // comes from the exchange, after parsing, and is not one of them.
      const warnings = warningsOf(run.body ?? '').filter((w) => w !== 'debug turned off for account');
      const want = "request.imp[0].ext contains unknown bidder: 'arbitraryObject', ignoring";
      return combine(
        status(run),
        checkParams(expectedImpExt, run),
        promotion && !warnings.some((w) => w.includes(want))
          ? `ext.warnings.general lacks ${JSON.stringify(want)}: ${JSON.stringify(warnings)}`
          : undefined,
        !promotion && warnings.length > 0 ? `unexpected warnings: ${JSON.stringify(warnings)}` : undefined,
        { skipped: PARTIAL },
      );
    },
  };
}

export function bidderSideCase(
  corpus: Corpus,
  name: string,
  text: string,
): Pick<EndpointCase, 'setup' | 'call' | 'check'> | undefined {
  const body = extractTopLevel(text, 'mockBidRequest');
  if (!body) return undefined;
  const call = { method: 'POST' as const, url: AUCTION_PATH, body: body.raw };

  if (name.startsWith('req-ext-bidder-params')) return bidderParamsCase(corpus, name, text, call);
  if (name === 'site-amp.json') {
    return {
      setup: { ...baseSetup(corpus), mockBidders: [mock('appnexus')] },
      call,
      check: (run) => {
        const req = firstCall(run, 'appnexus');
        if (typeof req === 'string') return combine(status(run), req);
        return combine(status(run), jsonDiff({ amp: 1 }, atPath(req, ['site', 'ext']), 'appnexus site.ext'));
      },
    };
  }
  if (name === 'site-has-ipv6.json') {
    return {
      setup: { ...baseSetup(corpus), mockBidders: [mock('appnexus')] },
      call: { ...call, headers: { 'X-Forwarded-For': '1111::' } },
      check: (run) => {
        const req = firstCall(run, 'appnexus');
        if (typeof req === 'string') return combine(status(run), req);
        const ipv6 = atPath(req, ['device', 'ipv6']);
        return combine(
          status(run),
          ipv6 === '8888::' ? undefined : `appnexus device.ipv6 ${JSON.stringify(ipv6)}, expected "8888::"`,
          { skipped: ['the private-network (8800::/8) host setting variant'] },
        );
      },
    };
  }
  return undefined;
}
