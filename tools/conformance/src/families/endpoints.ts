// The `endpoints` family: replays ../shared/fixtures/endpoints/ through the real HTTP app exactly as
// its README describes (§2 generic auction, §3 AMP, §4 invalid-whole via AMP, §5 broken default
// request, §6–§7 where HTTP-visible). Case building lives in ../endpoints/.
import type { Family, FixtureVerdict } from '../types.js';
import { ampCases, ampReplayCases } from '../endpoints/amp-cases.js';
import { badDefaultRequestCases, genericAuctionCases } from '../endpoints/auction-cases.js';
import { readCorpus } from '../endpoints/corpus.js';
import { formatGroupCounts, runEndpointCase, type CaseOutcome } from '../endpoints/run-cases.js';
import { supplementaryCases } from '../endpoints/unit-cases.js';
import { videoCases } from '../endpoints/video-cases.js';
import { hooksCases } from '../endpoints/hooks-cases.js';

export const endpointsFamily: Family = {
  name: 'endpoints',
  async run(root: string): Promise<FixtureVerdict[]> {
    const corpus = readCorpus(root);
    const env = { knownBidders: corpus.knownBidders, paramsSchemas: corpus.paramsSchemas };
    const cases = [
      ...genericAuctionCases(corpus, root),
      ...ampCases(corpus, root),
      ...ampReplayCases(corpus, root),
      ...badDefaultRequestCases(corpus, root),
      ...supplementaryCases(corpus, root),
      ...videoCases(corpus, root),
      ...hooksCases(corpus, root),
    ];
    const outcomes: CaseOutcome[] = [];
    for (const c of cases) outcomes.push(await runEndpointCase(env, c));
    process.stdout.write(formatGroupCounts(outcomes));
    return outcomes.map((o) => o.verdict);
  },
};
