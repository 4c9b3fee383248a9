// Replays the shared exchange fixtures bid_response_validation_*.json and dsa-*.json through the
// pure functions (skipped when the shared corpus is not next to the repository).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { MediaType } from '../bidders/types.js';
import { applyDefaultDsa, parseAccountDsa } from './dsa.js';
import { effectiveValidationSettings, parseAccountValidations } from './settings.js';
import { validateBid } from './validate-bid.js';
import type { Issue, RequestWithRegs } from './types.js';

const dir = fileURLToPath(new URL('../../../../../shared/fixtures/exchange/', import.meta.url));
const files = existsSync(dir)
  ? readdirSync(dir).filter((f) => /^(bid_response_validation_|dsa-).*\.json$/.test(f))
  : [];

interface MockBid {
  ortbBid: Record<string, unknown>;
  bidType: MediaType;
}
interface Fixture {
  host_bid_validations?: unknown;
  account_bid_validations?: unknown;
  accountPrivacy?: { dsa?: unknown };
  incomingRequest: { ortbRequest: RequestWithRegs & { imp: { id: string }[] } };
  outgoingRequests: Record<string, { mockResponse: { pbsSeatBids: { pbsBids: MockBid[]; seat: string }[] } }>;
  response: {
    bids: { seatbid: { seat: string; bid: { id: string }[] }[] };
    ext?: {
      errors?: Record<string, Issue[]>;
      prebid?: { seatnonbid?: { seat: string; nonbid: { statuscode: number }[] }[] };
    };
  };
}

function run(fx: Fixture) {
  const host = parseAccountValidations(fx.host_bid_validations).value;
  const settings = effectiveValidationSettings(
    {
      bannerCreativeMaxSize: host.bannerCreativeMaxSize ?? 'skip',
      secureMarkup: host.secureMarkup ?? 'skip',
      maxCreativeWidth: host.maxCreativeWidth ?? 0,
      maxCreativeHeight: host.maxCreativeHeight ?? 0,
    },
    parseAccountValidations(fx.account_bid_validations).value,
  );
  const dsa = parseAccountDsa(fx.accountPrivacy?.dsa).value;
  const request = applyDefaultDsa({ request: fx.incomingRequest.ortbRequest, dsa, gdprInScope: false });
  const impIds = new Set(fx.incomingRequest.ortbRequest.imp.map((i) => i.id));
  const kept: Record<string, string[]> = {};
  const errors: Record<string, Issue[]> = {};
  const nonBids: Record<string, number[]> = {};
  for (const out of Object.values(fx.outgoingRequests)) {
    for (const sb of out.mockResponse.pbsSeatBids) {
      kept[sb.seat] ??= [];
      for (const { ortbBid, bidType } of sb.pbsBids) {
        const impKnown = impIds.has(String(ortbBid['impid']));
        const v = validateBid({ bid: ortbBid, type: bidType, settings, impKnown, request });
        if (v.errors.length) (errors[sb.seat] ??= []).push(...v.errors);
        if (v.reject) (nonBids[sb.seat] ??= []).push(v.reject.code);
        else kept[sb.seat]!.push(String(ortbBid['id']));
      }
    }
  }
  return { kept, errors, nonBids, settings };
}

for (const file of files) {
  test(`shared fixture exchange/${file}`, () => {
    const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    const got = run(fx);
    for (const sb of fx.response.bids.seatbid) {
      assert.deepEqual(
        got.kept[sb.seat] ?? [],
        sb.bid.map((b) => b.id),
        `bids of ${sb.seat}`,
      );
    }
    // Upstream compares errors only when a check enforces (the warn fixtures carry stale texts).
    const enforcing =
      got.settings.bannerCreativeMaxSize === 'enforce' || got.settings.secureMarkup === 'enforce';
    if (enforcing) assert.deepEqual(got.errors, fx.response.ext?.errors ?? {});
    const wantNonBids = fx.response.ext?.prebid?.seatnonbid;
    if (wantNonBids) {
      const want = Object.fromEntries(wantNonBids.map((s) => [s.seat, s.nonbid.map((n) => n.statuscode)]));
      assert.deepEqual(got.nonBids, want);
    }
  });
}

test('shared fixtures found (or the corpus is absent)', { skip: files.length === 0 }, () => {
  assert.ok(files.length >= 8);
});
