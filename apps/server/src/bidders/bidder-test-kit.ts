// Test kit for built-in bidders: registers node:test cases that replay a bidder's own fixtures with
// the shared runner and check its params schema against valid and invalid examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import type { BidderModule } from './info.js';
import type { ServerInfo } from './types.js';
import { genericOrtbAdapter } from './generic-ortb.js';
import { runFixtureFolder } from './fixture-files.js';

export interface BidderTestOptions {
  /** Endpoint the fixtures' expected URIs are written for (default: the bidder info's). */
  endpoint?: string;
  extraInfo?: unknown;
  server?: ServerInfo;
  /** Fixed clock (epoch ms) for bidders that read `ctx.now`. */
  now?: number;
  /** Upstream test mode (`ctx.testing`), for bidders whose fixtures are written for it. */
  testing?: boolean;
  /** Pinned generator values (`ctx.fixedValues`), for bidders that stamp calls with clock-derived values. */
  fixedValues?: Readonly<Record<string, string>>;
  /** Entry point (`ctx.entryPoint`), for bidders that behave differently on the amp/video endpoints. */
  entryPoint?: 'auction' | 'amp' | 'video';
}

/** One test per `*.json` in `fixturesDir`, run through the bidder's adapter (generic when absent). */
export function testBidderFixtures(
  module: BidderModule,
  fixturesDir: URL,
  options: BidderTestOptions = {},
): void {
  const outcomes = runFixtureFolder(fixturesDir, {
    adapter: module.adapter ?? genericOrtbAdapter,
    bidder: module.code,
    endpoint: options.endpoint ?? module.info.endpoint,
    extraInfo: options.extraInfo ?? module.info.extraInfo,
    ...(options.server ? { server: options.server } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(options.testing ? { testing: true } : {}),
    ...(options.fixedValues ? { fixedValues: options.fixedValues } : {}),
    ...(options.entryPoint ? { entryPoint: options.entryPoint } : {}),
  });
  test(`${module.code}: has fixtures`, () => assert.ok(outcomes.length > 0));
  for (const outcome of outcomes) {
    test(`${module.code}: fixture ${outcome.file}`, () => assert.ok(outcome.passed, outcome.reason));
  }
}

/** The params schema accepts every `valid` example and rejects every `invalid` one. */
export function testParamsSchema(module: BidderModule, valid: unknown[], invalid: unknown[]): void {
  test(`${module.code}: params schema accepts valid and rejects invalid examples`, () => {
    const validate = new Ajv({ strict: false }).compile(module.paramsSchema);
    for (const example of valid) assert.ok(validate(example), `should accept ${JSON.stringify(example)}`);
    for (const example of invalid) assert.ok(!validate(example), `should reject ${JSON.stringify(example)}`);
  });
}
