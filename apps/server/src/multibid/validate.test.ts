import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { validateMultiBid } from './validate.js';
import { entryToJson } from './apply.js';
import type { MultiBidEntry } from './types.js';

const warn = (message: string) => ({ code: 10006, message });
const check = (raw: unknown[], entries: MultiBidEntry[], messages: string[]) => {
  const r = validateMultiBid(raw);
  assert.deepEqual(r, { entries, warnings: messages.map(warn) });
};

test('G: absent, null or empty multibid → nothing, no warnings', () => {
  assert.deepEqual(validateMultiBid(undefined), { entries: [], warnings: [] });
  assert.deepEqual(validateMultiBid(null), { entries: [], warnings: [] });
  assert.deepEqual(validateMultiBid([]), { entries: [], warnings: [] });
});

test('G: maxBids not defined / bidder(s) not specified', () => {
  check(
    [{ bidder: 'pubmatic' }],
    [],
    ['maxBids not defined for {Bidder:pubmatic, Bidders:[], MaxBids:<nil>, TargetBidderCodePrefix:}'],
  );
  check([{}], [], ['maxBids not defined for {Bidder:, Bidders:[], MaxBids:<nil>, TargetBidderCodePrefix:}']);
  check(
    [{ maxbids: 2 }],
    [],
    ['bidder(s) not specified for {Bidder:, Bidders:[], MaxBids:2, TargetBidderCodePrefix:}'],
  );
  check(
    [{ maxbids: 2, bidders: [] }],
    [],
    ['bidder(s) not specified for {Bidder:, Bidders:[], MaxBids:2, TargetBidderCodePrefix:}'],
  );
});

test('G: a bidder already present is ignored', () => {
  check(
    [
      { bidder: 'pubmatic', maxbids: 2, targetbiddercodeprefix: 'pm' },
      { bidder: 'pubmatic', maxbids: 3, targetbiddercodeprefix: 'pubm' },
    ],
    [{ bidder: 'pubmatic', maxBids: 2, targetBidderCodePrefix: 'pm' }],
    [
      'multiBid already defined for pubmatic, ignoring this instance {Bidder:pubmatic, Bidders:[], MaxBids:3, TargetBidderCodePrefix:pubm}',
    ],
  );
});

test('G: bidder and bidders both given → bidder only', () => {
  check(
    [
      { bidder: 'pubmatic', maxbids: 2, targetbiddercodeprefix: 'pm' },
      { maxbids: 2, bidder: 'appnexus', bidders: ['rubicon'], targetbiddercodeprefix: 'appN' },
    ],
    [
      { bidder: 'pubmatic', maxBids: 2, targetBidderCodePrefix: 'pm' },
      { bidder: 'appnexus', maxBids: 2, targetBidderCodePrefix: 'appN' },
    ],
    ['ignoring bidders from {Bidder:appnexus, Bidders:[rubicon], MaxBids:2, TargetBidderCodePrefix:appN}'],
  );
  // an empty list still counts as given (Go: a non-nil slice)
  check(
    [{ bidder: 'a', maxbids: 1, bidders: [] }],
    [{ bidder: 'a', maxBids: 1 }],
    ['ignoring bidders from {Bidder:a, Bidders:[], MaxBids:1, TargetBidderCodePrefix:}'],
  );
});

test('G: only bidder / only bidders', () => {
  check(
    [{ maxbids: 2, bidder: 'appnexus', targetbiddercodeprefix: 'appN' }],
    [{ bidder: 'appnexus', maxBids: 2, targetBidderCodePrefix: 'appN' }],
    [],
  );
  check(
    [{ maxbids: 2, bidders: ['appnexus', 'someBidder'] }],
    [{ bidders: ['appnexus', 'someBidder'], maxBids: 2 }],
    [],
  );
});

test('G: bidders already present are skipped one by one', () => {
  check(
    [
      { bidder: 'pubmatic', maxbids: 9, targetbiddercodeprefix: 'pm' },
      { maxbids: 2, bidders: ['appnexus', 'pubmatic'] },
    ],
    [
      { bidder: 'pubmatic', maxBids: 9, targetBidderCodePrefix: 'pm' },
      { bidders: ['appnexus'], maxBids: 2 },
    ],
    [
      'multiBid already defined for pubmatic, ignoring this instance {Bidder:, Bidders:[appnexus pubmatic], MaxBids:2, TargetBidderCodePrefix:}',
    ],
  );
  check(
    [
      { bidder: 'pubmatic', maxbids: 9, targetbiddercodeprefix: 'pm' },
      { bidders: ['appnexus'], maxbids: 3 },
      { maxbids: 2, bidders: ['appnexus', 'pubmatic'] },
    ],
    [
      { bidder: 'pubmatic', maxBids: 9, targetBidderCodePrefix: 'pm' },
      { bidders: ['appnexus'], maxBids: 3 },
    ],
    [
      'multiBid already defined for appnexus, ignoring this instance {Bidder:, Bidders:[appnexus pubmatic], MaxBids:2, TargetBidderCodePrefix:}',
      'multiBid already defined for pubmatic, ignoring this instance {Bidder:, Bidders:[appnexus pubmatic], MaxBids:2, TargetBidderCodePrefix:}',
    ],
  );
});

test('G: a prefix with bidders is dropped', () => {
  check(
    [{ maxbids: 2, bidders: ['appnexus'], targetbiddercodeprefix: 'appN' }],
    [{ bidders: ['appnexus'], maxBids: 2 }],
    [
      'ignoring targetbiddercodeprefix for {Bidder:, Bidders:[appnexus], MaxBids:2, TargetBidderCodePrefix:appN}',
    ],
  );
});

test('G: maxbids is clamped to 1..9, the message shows the value before', () => {
  check(
    [{ maxbids: 0, bidder: 'appnexus', targetbiddercodeprefix: 'appN' }],
    [{ bidder: 'appnexus', maxBids: 1, targetBidderCodePrefix: 'appN' }],
    [
      'invalid maxBids value, using minimum 1 limit for {Bidder:appnexus, Bidders:[], MaxBids:0, TargetBidderCodePrefix:appN}',
    ],
  );
  check(
    [{ maxbids: 10, bidder: 'appnexus', targetbiddercodeprefix: 'appN' }],
    [{ bidder: 'appnexus', maxBids: 9, targetBidderCodePrefix: 'appN' }],
    [
      'invalid maxBids value, using maximum 9 limit for {Bidder:appnexus, Bidders:[], MaxBids:10, TargetBidderCodePrefix:appN}',
    ],
  );
  // later messages of the same entry show the clamped value (Go prints the mutated struct)
  check(
    [
      { bidder: 'x', maxbids: 1 },
      { bidder: 'x', maxbids: 12 },
    ],
    [{ bidder: 'x', maxBids: 1 }],
    [
      'invalid maxBids value, using maximum 9 limit for {Bidder:x, Bidders:[], MaxBids:12, TargetBidderCodePrefix:}',
      'multiBid already defined for x, ignoring this instance {Bidder:x, Bidders:[], MaxBids:9, TargetBidderCodePrefix:}',
    ],
  );
});

test('duplicates compare as written (G); null scalars are their zero values', () => {
  check(
    [
      { bidder: 'pubmatic', maxbids: 2 },
      { bidder: 'PubMatic', maxbids: 3, bidders: null, targetbiddercodeprefix: null },
    ],
    [
      { bidder: 'pubmatic', maxBids: 2 },
      { bidder: 'PubMatic', maxBids: 3 },
    ],
    [],
  );
  check(
    [{ bidder: 'a', maxbids: null }],
    [],
    ['maxBids not defined for {Bidder:a, Bidders:[], MaxBids:<nil>, TargetBidderCodePrefix:}'],
  );
});

test('the wrong JSON shape is an error, not warnings', () => {
  const err = (raw: unknown, error: string) =>
    assert.deepEqual(validateMultiBid(raw), { entries: [], warnings: [], error });
  err({}, 'multibid must be an array');
  err([null], 'multibid[0] must be an object');
  err([{ bidder: 'a', maxbids: 1 }, { bidder: 1 }], 'multibid[1].bidder must be a string');
  err([{ maxbids: 2.5 }], 'multibid[0].maxbids must be an integer');
  err([{ maxbids: '2' }], 'multibid[0].maxbids must be an integer');
  err([{ bidders: 'a' }], 'multibid[0].bidders must be an array of strings');
  err([{ targetbiddercodeprefix: 3 }], 'multibid[0].targetbiddercodeprefix must be a string');
});

// The multibid block and 10006 warnings of the shared fixture exchange/multi-bids-error.json.
const FIXTURE_MULTIBID = [
  { bidder: 'appnexus' },
  { maxbids: -1, bidder: 'rubicon', targetbiddercodeprefix: 'rubN' },
  { maxbids: 10, bidder: 'pubmatic', targetbiddercodeprefix: 'pm' },
  { maxbids: 4, bidder: 'pubmatic', targetbiddercodeprefix: 'pubM' },
  { maxbids: 5, bidder: 'groupm', bidders: ['someBidder'], targetbiddercodeprefix: 'gm' },
  { maxbids: 6, bidders: ['groupm'] },
  { maxbids: 7, bidders: ['33across'], targetbiddercodeprefix: 'abc' },
  { maxbids: 8, targetbiddercodeprefix: 'xyz' },
];
const FIXTURE_WARNINGS = [
  'maxBids not defined for {Bidder:appnexus, Bidders:[], MaxBids:<nil>, TargetBidderCodePrefix:}',
  'invalid maxBids value, using minimum 1 limit for {Bidder:rubicon, Bidders:[], MaxBids:-1, TargetBidderCodePrefix:rubN}',
  'invalid maxBids value, using maximum 9 limit for {Bidder:pubmatic, Bidders:[], MaxBids:10, TargetBidderCodePrefix:pm}',
  'multiBid already defined for pubmatic, ignoring this instance {Bidder:pubmatic, Bidders:[], MaxBids:4, TargetBidderCodePrefix:pubM}',
  'ignoring bidders from {Bidder:groupm, Bidders:[someBidder], MaxBids:5, TargetBidderCodePrefix:gm}',
  'multiBid already defined for groupm, ignoring this instance {Bidder:, Bidders:[groupm], MaxBids:6, TargetBidderCodePrefix:}',
  'ignoring targetbiddercodeprefix for {Bidder:, Bidders:[33across], MaxBids:7, TargetBidderCodePrefix:abc}',
  'bidder(s) not specified for {Bidder:, Bidders:[], MaxBids:8, TargetBidderCodePrefix:xyz}',
];

test('fixture exchange/multi-bids-error.json: every 10006 warning, byte for byte', () => {
  const r = validateMultiBid(FIXTURE_MULTIBID);
  assert.deepEqual(r.warnings, FIXTURE_WARNINGS.map(warn));
  assert.deepEqual(r.entries, [
    { bidder: 'rubicon', maxBids: 1, targetBidderCodePrefix: 'rubN' },
    { bidder: 'pubmatic', maxBids: 9, targetBidderCodePrefix: 'pm' },
    { bidder: 'groupm', maxBids: 5, targetBidderCodePrefix: 'gm' },
    { bidders: ['33across'], maxBids: 7 },
  ]);
});

test('property: the list written back from validated entries validates to the same entries, silently', () => {
  // prepareMultibid keeps the entries for the rewritten list (keepMultiBidEntries) instead of
  // validating it again: that is only right when validation is idempotent on its own output.
  const name = fc.constantFrom('a', 'B', 'c', 'alpha', '');
  const entry = fc.record(
    {
      bidder: name,
      bidders: fc.array(name, { maxLength: 3 }),
      maxbids: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constant(undefined)),
      targetbiddercodeprefix: fc.constantFrom('', 'p', 'mb'),
    },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 5 }), (raw) => {
      const list = JSON.parse(JSON.stringify(raw)) as unknown[];
      const first = validateMultiBid(list);
      if (first.error) return;
      const again = validateMultiBid(first.entries.map(entryToJson));
      assert.deepEqual(again.entries, first.entries);
      assert.deepEqual(again.warnings, []);
    }),
    { numRuns: 500 },
  );
});
