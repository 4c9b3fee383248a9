// The hand-written POST /cache answer is byte for byte JSON.stringify's.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { PutItem, PutOutcome } from '../backends/types.js';
import { responsesJson } from './put.js';

const item = (key: string): PutItem => ({ key, entry: { type: 'json', value: '1' }, ttlSeconds: 0 });

it('responsesJson equals JSON.stringify({ responses }) for any keys and outcomes', () => {
  const keys = [
    '11111111-2222-4333-8444-555555555555',
    'my-key',
    'q"uote\\back',
    'ctl\u0001\n',
    '\uD800lone',
    'é✓😀',
  ];
  const cases: [PutItem[], PutOutcome[]][] = [
    [[], []],
    [[item(keys[0] ?? '')], ['stored']],
    [[item(keys[1] ?? '')], ['exists']],
    [keys.map(item), ['stored', 'exists', 'stored', 'stored', 'stored', 'stored']],
  ];
  for (const [items, outcomes] of cases) {
    const expected = JSON.stringify({
      responses: items.map((x, i) => ({ uuid: outcomes[i] === 'stored' ? x.key : '' })),
    });
    assert.equal(responsesJson(items, outcomes), expected);
  }
});
