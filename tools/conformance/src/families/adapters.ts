// The `adapters` family: replays `<root>/adapters/<bidder>/<bidder>test/**/*.json` with the built-in
// adapter of each bidder, built as `bidder-test-setup.json` records (adapters README). Bidders with no
// adapter in the catalog report every fixture failed with "bidder not implemented".
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtInBidders, genericOrtbAdapter, runAdapterFixture, type FixtureSetup } from '@gavel/server';
import type { Family, FixtureVerdict } from '../types.js';

type Adapter = FixtureSetup['adapter'];
type BidderModule = (typeof builtInBidders)[number];

interface BidderSetup {
  endpoint?: string;
  extraAdapterInfo?: string;
  server?: FixtureSetup['server'];
  testDir?: string;
  xapi?: unknown;
  overrides?: string[];
  /** Host credentials some upstream builders take (audienceNetwork); handed over as extra info. */
  platformId?: string;
  appSecret?: string;
}

/** The fixed adapter clock an upstream test sets ("adapter clock fixed at <ISO time>"), in epoch ms. */
function clockOf(setup: BidderSetup): number | undefined {
  for (const line of setup.overrides ?? []) {
    const iso = /clock fixed at (\S+)/.exec(line)?.[1];
    if (iso) return Date.parse(iso);
  }
  return undefined;
}

/** Whether the upstream test switches the adapter's own test mode on ("'testing' flag set to true"). */
function testingOf(setup: BidderSetup): boolean {
  return (setup.overrides ?? []).some((line) => /'testing' flag set to true/.test(line));
}

/**
 * Values of the generators an upstream test pins (`<name> generator fixed to return "<value>"`), keyed by
 * the name in camelCase (`cache-buster` → `cacheBuster`, `ISO-week` → `isoWeek`); undefined when none.
 */
function fixedValuesOf(setup: BidderSetup): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const line of setup.overrides ?? []) {
    const match = /^(\S+) generator fixed to return "([^"]*)"/.exec(line);
    if (!match?.[1]) continue;
    const [head = '', ...rest] = match[1].split('-');
    const capitalised = rest.map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase());
    values[head.toLowerCase() + capitalised.join('')] = match[2] ?? '';
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/** The adapter a bidder code runs with: its own, its hard-alias parent's, or the generic one. */
function adapterOf(code: string, modules: readonly BidderModule[]): Adapter | undefined {
  const module = modules.find((m) => m.code === code);
  if (!module) return undefined;
  const parent = module.info.aliasOf ? modules.find((m) => m.code === module.info.aliasOf) : module;
  return parent?.adapter ?? genericOrtbAdapter;
}

/** Per-bidder settings upstream passes besides the endpoint (rubicon's XAPI host settings). */
function extraInfoOf(setup: BidderSetup): unknown {
  if (setup.xapi !== undefined) return { xapi: setup.xapi };
  if (setup.platformId || setup.appSecret)
    return { platformId: setup.platformId, appSecret: setup.appSecret };
  return setup.extraAdapterInfo ? setup.extraAdapterInfo : undefined;
}

/** `exemplary/*.json`, `supplemental/*.json`, … relative to the bidder's test folder, sorted. */
function listFixtures(testDir: string): string[] {
  return readdirSync(testDir)
    .filter((sub) => statSync(join(testDir, sub)).isDirectory())
    .sort()
    .flatMap((sub) =>
      readdirSync(join(testDir, sub))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => `${sub}/${f}`),
    );
}

function runBidder(dir: string, code: string, setup: BidderSetup): FixtureVerdict[] {
  const testDir = join(dir, setup.testDir ?? `${code}test`);
  if (!existsSync(testDir)) return [];
  const adapter = adapterOf(code, builtInBidders);
  return listFixtures(testDir).map((rel) => {
    const file = `${code}/${setup.testDir ?? `${code}test`}/${rel}`;
    if (!adapter) return { file, passed: false, reason: 'bidder not implemented' };
    let fixture: unknown;
    try {
      fixture = JSON.parse(readFileSync(join(testDir, rel), 'utf8')) as unknown;
    } catch (err) {
      return { file, passed: false, reason: `unreadable fixture: ${(err as Error).message}` };
    }
    const outcome = runAdapterFixture(fixture, {
      adapter,
      bidder: code,
      endpoint: setup.endpoint === '(empty string)' ? '' : (setup.endpoint ?? ''),
      extraInfo: extraInfoOf(setup),
      now: clockOf(setup),
      testing: testingOf(setup),
      fixedValues: fixedValuesOf(setup),
      ...(setup.server ? { server: setup.server } : {}),
      folder: rel.split('/')[0] ?? '',
    });
    return { file, ...outcome };
  });
}

export const adaptersFamily: Family = {
  name: 'adapters',
  async run(root, options) {
    const dir = join(root, 'adapters');
    const setupFile = join(dir, 'bidder-test-setup.json');
    const setups = existsSync(setupFile)
      ? ((JSON.parse(readFileSync(setupFile, 'utf8')) as { bidders?: Record<string, BidderSetup> }).bidders ??
        {})
      : {};
    const verdicts: FixtureVerdict[] = [];
    for (const code of readdirSync(dir).sort()) {
      if (!statSync(join(dir, code)).isDirectory()) continue;
      if (options?.only && !options.only.includes(code)) continue;
      verdicts.push(...runBidder(join(dir, code), code, setups[code] ?? {}));
    }
    return verdicts;
  },
};
