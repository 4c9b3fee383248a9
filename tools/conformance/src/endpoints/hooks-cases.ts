// Cases of README-additions §4 (hooks, auction: upstream TestValidResponseAfterExecutingStages) and
// §5 (hooks, AMP: TestValidAmpResponseWhenRequestRejected). Each file gets upstream's execution plan
// for it and upstream's mock modules (`foobar`, `vendor.module`), written against the module API.
// The harness installs them: setup.hooks.config → config `hooks`, setup.hooks.modules →
// ServerDeps.extraModules, setup.accountDebugAllow → the default account's debug permission.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HookError } from '@gavel/server';
import type { EntrypointPayload, ExecutionPlan, ExitpointPayload, HookResult } from '@gavel/server';
import type { Module, Mutation, Stage } from '@gavel/server';
import { jsonDiff } from '../shared/json-equal.js';
import { listJsonFiles } from '../shared/list-files.js';
import { AMP_PATH, AUCTION_PATH, applyConfig, baseSetup, combine } from './case.js';
import type { CheckResult, EndpointCase } from './case.js';
import { checkBidResponse, checkStatus } from './compare.js';
import type { Corpus } from './corpus.js';
import { readAmpFixture, readAuctionFixture } from './fixture-file.js';
import type { AmpFixture, AuctionFixture, FixtureConfig } from './fixture-file.js';
import type { CaseRun } from './harness.js';
import type { HostSetup } from './host-config.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const clip = (s: string, n = 400): string => (s.length > n ? `${s.slice(0, n)}…` : s);

/** What a hooks case needs from the harness besides README §2.3's setup. */
export interface HooksHostSetup extends HostSetup {
  /** §4.1: the host default account allows debug (no `10002` warning). */
  accountDebugAllow: boolean;
  hooks: {
    /** The server config's `hooks` section. */
    config: { enabled: boolean; 'host-execution-plan': ExecutionPlan };
    /** Installed as ServerDeps.extraModules (never filtered by `hooks.modules.*.enabled`). */
    modules: Module[];
  };
}

const NBR = 123;
const GROUP_TIMEOUT_MS = 5;

/** `multi`, `exitpoint`, or `reject <stage>` / `reject-with-error <stage>` (§4.2). */
type PlanKind = string;

/**
 * Upstream's tables (auction_test.go TestValidResponseAfterExecutingStages, amp_auction_test.go
 * TestValidAmpResponseWhenRequestRejected); files absent from a set are skipped, `auction*` files
 * run against the auction endpoint, `amp*` against AMP.
 */
const PLANS: Readonly<Record<string, PlanKind>> = {
  'auction_entrypoint_reject.json': 'reject entrypoint',
  'auction_raw_auction_request_reject.json': 'reject raw_auction_request',
  'auction_processed_auction_request_reject.json': 'reject processed_auction_request',
  'auction_bidder_reject.json': 'reject bidder_request',
  'auction_bidder_response_reject.json': 'reject raw_bidder_response',
  'auction_reject_with_error.json': 'reject-with-error entrypoint',
  'auction.json': 'multi',
  'auction_exitpoint.json': 'exitpoint',
  'amp_entrypoint_reject.json': 'reject entrypoint',
  'amp_processed_auction_request_reject.json': 'reject processed_auction_request',
  'amp_bidder_reject.json': 'reject bidder_request',
  'amp_bidder_response_reject.json': 'reject raw_bidder_response',
  'amp.json': 'multi',
  'amp_exitpoint.json': 'exitpoint',
};

/** §5: an ordinary AMP file replayed with a raw_auction_request reject, a stage AMP never runs. */
const AMP_RAW_REJECT_FILE = 'amp/valid-supplementary/aliased-buyeruids.json';

// ---- upstream's mock modules (endpoints/openrtb2/test_utils.go) ----

function mutation<P>(key: string[], apply: (p: P) => P, type: Mutation<P>['type'] = 'update'): Mutation<P> {
  return { type, key, apply };
}

/** RFC 7386 over decoded JSON (the mock patches the raw body text). */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObj(patch)) return patch;
  const out: Obj = isObj(target) ? Object.assign({}, target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

const patchBody = (patch: unknown) => (p: EntrypointPayload) =>
  Object.assign({}, p, { body: JSON.stringify(mergePatch(JSON.parse(p.body) as unknown, patch)) });

/** `headers.foo = bar` / `query.foo = baz` on the entrypoint payload. */
const setEntry = (field: 'headers' | 'query', value: string) =>
  mutation<EntrypointPayload>([field === 'headers' ? 'header' : 'param', 'foo'], (p) =>
    Object.assign({}, p, { [field]: Object.assign({}, p[field], { foo: value }) }),
  );

/** `foobar`/`foo`: rejects with 123 (at bidder stages only appnexus); `withError` also fails with `dummy`. */
function rejectionModule(stage: Stage, withError: boolean): Module {
  const hook = (payload: unknown): HookResult<never> => {
    const bidder = isObj(payload) ? payload['bidder'] : undefined;
    const result = bidder === undefined || bidder === 'appnexus' ? { reject: true, nbrCode: NBR } : {};
    // Upstream's raw_bidder_response mock never returns its error.
    if (withError && stage !== 'raw_bidder_response') throw new HookError('dummy', { result });
    return result;
  };
  return { code: 'foobar', hooks: { [stage]: { foo: hook } } };
}

/** The multi-hook plan's modules (§4.2). */
function multiHookModules(): Module[] {
  const usPrivacy = patchBody({ regs: { ext: { gdpr: 1, us_privacy: '1NYN' } } });
  const entrypoint: Module['hooks']['entrypoint'] = {
    foo: () => ({ changeSet: [setEntry('headers', 'bar')], errors: ['error 1'] }),
    bar: () => ({ changeSet: [setEntry('query', 'baz')], errors: ['error 1'], warnings: ['warning 1'] }),
    baz: (_p, ctx) =>
      ctx.endpoint !== AUCTION_PATH
        ? { warnings: [`Endpoint ${ctx.endpoint} is not supported by hook.`] }
        : {
            changeSet: [
              mutation(['body', 'tmax'], patchBody({ tmax: 600 })),
              mutation(['body', 'regs', 'ext', 'us_privacy'], usPrivacy, 'add'),
            ],
          },
  };
  return [
    { code: 'foobar', hooks: { entrypoint } },
    { code: 'vendor.module', hooks: { raw_auction_request: { foobar: () => ({}) } } },
  ];
}

/** `foobar`/`foo` at exitpoint: the body becomes `{"id":"modified-id"}`, served as application/json. */
function exitpointModule(): Module {
  const replace = mutation<ExitpointPayload>(['exitpoint', 'bidResponse.json-response'], (p) => ({
    endpoint: p.endpoint,
    body: { id: 'modified-id' },
    headers: Object.assign({}, p.headers, { 'content-type': 'application/json' }),
  }));
  return { code: 'foobar', hooks: { exitpoint: { foo: () => ({ changeSet: [replace] }) } } };
}

/** Groups of `module/impl` hooks per stage, each group with upstream's 5 ms timeout. */
function planOf(endpoint: string, stages: Partial<Record<Stage, string[][]>>): ExecutionPlan {
  const out: Obj = {};
  for (const [stage, groups] of Object.entries(stages)) {
    const hookSequence = (hooks: string[]) =>
      hooks.map((h) => ({ module_code: h.split('/')[0], hook_impl_code: h.split('/')[1] }));
    out[stage] = {
      groups: groups.map((g) => ({ timeout: GROUP_TIMEOUT_MS, hook_sequence: hookSequence(g) })),
    };
  }
  return { endpoints: { [endpoint]: { stages: out } } };
}

export function hooksFor(kind: PlanKind, endpoint: string): HooksHostSetup['hooks'] {
  const enabled = true;
  if (kind === 'multi') {
    const plan = planOf(endpoint, {
      entrypoint: [['foobar/foo', 'foobar/bar'], ['foobar/baz']],
      raw_auction_request: [['vendor.module/foobar']],
    });
    return { config: { enabled, 'host-execution-plan': plan }, modules: multiHookModules() };
  }
  const [verb, stageName] = kind.split(' ');
  const stage = (kind === 'exitpoint' ? 'exitpoint' : stageName) as Stage;
  const module =
    kind === 'exitpoint' ? exitpointModule() : rejectionModule(stage, verb === 'reject-with-error');
  const plan = planOf(endpoint, { [stage]: [['foobar/foo']] });
  return { config: { enabled, 'host-execution-plan': plan }, modules: [module] };
}

// ---- comparison (§4.3, §4.4) ----

/** Module → hook → messages; absent, null and `{}` alike (upstream never writes an empty map). */
const messages = (v: unknown) => (isObj(v) && Object.keys(v).length > 0 ? v : undefined);

/** A hook outcome as upstream decodes it (HookOutcome's JSON fields), without its time. */
function hookView(h: Obj): Obj {
  const tags = isObj(h['analytics_tags']) ? h['analytics_tags']['activities'] : undefined;
  const debug = h['debug_messages'];
  return {
    analytics_tags: Array.isArray(tags) && tags.length > 0 ? tags : undefined,
    hook_id: h['hook_id'],
    status: h['status'] ?? '',
    action: h['action'] ?? '',
    message: h['message'] ?? '',
    debug_messages: Array.isArray(debug) && debug.length > 0 ? debug : undefined,
  };
}

const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const hookKey = (id: unknown) =>
  isObj(id) ? `${String(id['module_code'])}/${String(id['hook_impl_code'])}` : '';

function compareGroups(expected: Obj[], actual: Obj[], where: string): string | undefined {
  if (expected.length !== actual.length)
    return `${where}: ${actual.length} groups, expected ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    const exp = list(expected[i]?.['invocation_results']);
    const act = list(actual[i]?.['invocation_results']);
    const at = `${where}.groups[${i}]`;
    if (exp.length !== act.length) return `${at}: ${act.length} invocation results, expected ${exp.length}`;
    for (const e of exp) {
      const got = act.find((a) => hookKey(a['hook_id']) === hookKey(e['hook_id']));
      if (!got) return `${at}: no invocation result for hook ${JSON.stringify(e['hook_id'])}`;
      const d = jsonDiff(hookView(e), hookView(got), `${at}[${JSON.stringify(e['hook_id'])}]`);
      if (d) return d;
    }
  }
  return undefined;
}

function compareTrace(expected: unknown, actual: unknown, where: string): string | undefined {
  if (!isObj(expected)) return actual === undefined || actual === null ? undefined : `${where}: not expected`;
  if (!isObj(actual)) return `${where}: missing`;
  const exp = list(expected['stages']);
  const act = list(actual['stages']);
  if (exp.length !== act.length)
    return `${where}.stages: ${act.map((s) => String(s['stage'])).join(', ') || 'none'}, expected ${exp.map((s) => String(s['stage'])).join(', ')}`;
  for (let i = 0; i < act.length; i++) {
    const at = `${where}.stages[${i}]`;
    if (exp[i]?.['stage'] !== act[i]?.['stage'])
      return `${at}.stage: ${String(act[i]?.['stage'])}, expected ${String(exp[i]?.['stage'])}`;
    const expOut = list(exp[i]?.['outcomes']);
    const actOut = list(act[i]?.['outcomes']);
    if (expOut.length !== actOut.length) return `${at}: ${actOut.length} outcomes, expected ${expOut.length}`;
    for (const a of actOut) {
      const e = expOut.find((o) => o['entity'] === a['entity']);
      if (!e) return `${at}: unexpected outcome for entity ${JSON.stringify(a['entity'])}`;
      const d = compareGroups(list(e['groups']), list(a['groups']), `${at}[${String(a['entity'])}]`);
      if (d) return d;
    }
  }
  return undefined;
}

/** §4.4 (upstream AssertEqualModulesData): errors and warnings exactly; the trace ignoring times. */
export function compareModules(expected: unknown, actual: unknown, where = 'ext.prebid.modules') {
  const exp = isObj(expected) ? expected : {};
  const act = isObj(actual) ? actual : {};
  for (const key of ['errors', 'warnings'])
    for (const d of [jsonDiff(messages(exp[key]), messages(act[key]), `${where}.${key}`)]) if (d) return d;
  return compareTrace(exp['trace'], act['trace'], `${where}.trace`);
}

const prebidOf = (ext: unknown): unknown => (isObj(ext) ? ext['prebid'] : undefined);

/** `{bidder: [{code, message}]}` as upstream decodes it; empty ≡ absent. */
function warningsView(v: unknown): unknown {
  if (!isObj(v) || Object.keys(v).length === 0) return undefined;
  const out: Obj = {};
  for (const [k, msgs] of Object.entries(v))
    out[k] = list(msgs).map((m) => ({ code: m['code'], message: m['message'] }));
  return out;
}

/** Expected prebid: its modules compared; else the actual ext.prebid must be absent. */
function checkPrebid(expectedExt: unknown, actualExt: unknown, where: string): string | undefined {
  const exp = prebidOf(expectedExt);
  const act = prebidOf(actualExt);
  if (exp === undefined || exp === null)
    return act === undefined || act === null
      ? undefined
      : `${where}.prebid: not expected, got ${clip(JSON.stringify(act))}`;
  const modules = (v: unknown) => (isObj(v) ? v['modules'] : undefined);
  return compareModules(modules(exp), modules(act), `${where}.prebid.modules`);
}

/** The response object of a 200 answer, or why not. */
function responseOf(run: CaseRun): { doc?: Obj; failure?: string } {
  const body = run.body ?? '';
  const failure = checkStatus(200, run.status ?? 0, body);
  if (failure) return { failure };
  try {
    const doc = JSON.parse(body) as unknown;
    return isObj(doc) ? { doc } : { failure: `response is not an object: ${clip(body)}` };
  } catch {
    return { failure: `response is not JSON: ${clip(body)}` };
  }
}

/** §4.3: status 200, bids (README §2.5), nbr, and with an expected ext its warnings exactly and its modules. */
export function checkHooksAuction(fx: AuctionFixture, run: CaseRun): CheckResult {
  const { doc, failure } = responseOf(run);
  if (!doc) return { failure };
  const expected = isObj(fx.expectedBidResponse) ? fx.expectedBidResponse : {};
  const nbr = (v: unknown) => (v === null ? undefined : v);
  return combine(
    checkBidResponse(expected, run.body ?? ''),
    nbr(expected['nbr']) === nbr(doc['nbr'])
      ? undefined
      : `nbr ${JSON.stringify(doc['nbr'])}, expected ${JSON.stringify(expected['nbr'])}`,
    isObj(expected['ext'])
      ? (jsonDiff(
          warningsView(expected['ext']['warnings']),
          warningsView(isObj(doc['ext']) ? doc['ext']['warnings'] : undefined),
          'ext.warnings',
        ) ?? checkPrebid(expected['ext'], doc['ext'], 'ext'))
      : undefined,
  );
}

/** Upstream's AmpResponse decoding: targeting, and ortb2.ext's ExtBidResponse fields but prebid. */
function ampView(doc: Obj): Obj {
  const ortb2 = isObj(doc['ortb2']) ? doc['ortb2'] : {};
  const ext = isObj(ortb2['ext']) ? ortb2['ext'] : {};
  const kept: Obj = {};
  for (const key of ['debug', 'errors', 'warnings', 'responsetimemillis', 'tmaxrequest', 'usersync']) {
    const v = ext[key];
    if (v !== undefined && v !== null && v !== 0 && !(isObj(v) && Object.keys(v).length === 0)) kept[key] = v;
  }
  return { targeting: doc['targeting'] ?? undefined, ortb2: { ext: kept } };
}

/** §5: status 200, ortb2.ext.prebid.modules as §4.4, then the rest exactly equal. */
export function checkHooksAmp(fx: AmpFixture, run: CaseRun): CheckResult {
  const { doc, failure } = responseOf(run);
  if (!doc) return { failure };
  const expected = isObj(fx.expectedAmpResponse) ? fx.expectedAmpResponse : {};
  const extOf = (d: Obj): unknown => (isObj(d['ortb2']) ? d['ortb2']['ext'] : undefined);
  const modules = checkPrebid(extOf(expected), extOf(doc), 'ortb2.ext');
  if (modules) return { failure: modules };
  const d = jsonDiff(ampView(expected), ampView(doc), 'amp');
  return d ? { failure: `${d}; body: ${clip(run.body ?? '', 600)}` } : {};
}

// ---- cases ----

/** §4.1: the file's blockedApps / accountRequired / preferredmediatype are not applied. */
function hostConfigOf(config: FixtureConfig): FixtureConfig {
  return {
    mockBidders: config.mockBidders ?? [],
    aliases: config.aliases,
    disabledAdapters: config.disabledAdapters,
    currencyRates: config.currencyRates,
  };
}

function hooksSetup(base: HostSetup, hooks: HooksHostSetup['hooks']): HooksHostSetup {
  return Object.assign({}, base, { accountDebugAllow: true, hooks });
}

function auctionCase(corpus: Corpus, opts: { file: string; path: string; kind: PlanKind }): EndpointCase {
  const group = 'hooks (auction, README-additions §4)';
  const parsed = readAuctionFixture(readFileSync(opts.path, 'utf8'));
  if ('broken' in parsed) return { file: opts.file, group, unrunnable: parsed.broken };
  const fx = parsed.fixture;
  return {
    file: opts.file,
    group,
    setup: hooksSetup(
      applyConfig(baseSetup(corpus), hostConfigOf(fx.config)),
      hooksFor(opts.kind, AUCTION_PATH),
    ),
    call: { method: 'POST', url: AUCTION_PATH, body: fx.body },
    check: (run) => checkHooksAuction(fx, run),
  };
}

function ampCase(corpus: Corpus, opts: { file: string; path: string; kind: PlanKind }): EndpointCase {
  const group = 'hooks (AMP, README-additions §5)';
  const parsed = readAmpFixture(readFileSync(opts.path, 'utf8'));
  if ('broken' in parsed) return { file: opts.file, group, unrunnable: parsed.broken };
  const fx = parsed.fixture;
  // §5: the tag's stored request is the file's mockBidRequest; no stored imps.
  const base = Object.assign({}, baseSetup(corpus), {
    storedRequests: { [fx.tagId]: JSON.stringify(fx.mockBidRequest) },
    storedImps: {},
    storedResponses: fx.storedResponses,
  });
  return {
    file: opts.file,
    group,
    setup: hooksSetup(applyConfig(base, hostConfigOf(fx.config)), hooksFor(opts.kind, AMP_PATH)),
    call: { method: 'GET', url: `${AMP_PATH}?${fx.query}` },
    check: (run) => checkHooksAmp(fx, run),
  };
}

/** Every file of `hooks/` with upstream's plan for it, plus the §5 replay of aliased-buyeruids. */
export function hooksCases(corpus: Corpus, root: string): EndpointCase[] {
  const cases: EndpointCase[] = [];
  const dir = join(corpus.samplesDir, 'hooks');
  for (const name of existsSync(dir) ? listJsonFiles(dir) : []) {
    const path = join(dir, name);
    const file = relative(root, path);
    const kind = PLANS[name];
    if (!kind)
      cases.push({ file, group: 'hooks', unrunnable: `no upstream execution plan is known for ${name}` });
    else if (name.startsWith('amp')) cases.push(ampCase(corpus, { file, path, kind }));
    else cases.push(auctionCase(corpus, { file, path, kind }));
  }
  const raw = join(corpus.samplesDir, AMP_RAW_REJECT_FILE);
  if (existsSync(raw)) {
    const file = `${relative(root, raw)}#hooks-raw-auction-reject`;
    cases.push(ampCase(corpus, { file, path: raw, kind: 'reject raw_auction_request' }));
  }
  return cases;
}
