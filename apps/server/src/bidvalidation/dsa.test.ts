// Cases of G dsa/validate_test.go and dsa/writer_test.go, plus the account parser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DSA_ERROR,
  applyDefaultDsa,
  dsaRequired,
  parseAccountDsa,
  readBidDsa,
  readRequestDsa,
  validateDsa,
  type AccountDsaSettings,
} from './dsa.js';
import type { RequestWithRegs } from './types.js';

const req = (dsa: unknown): RequestWithRegs => ({ regs: { ext: { dsa } } });
const bid = (dsa: unknown) => ({ id: 'b', ext: { dsa } });
const validBehalf = 'x'.repeat(100);
const validPaid = 'y'.repeat(100);

const DSA_CASES: [string, unknown, RequestWithRegs | undefined, string | undefined][] = [
  ['nil', undefined, undefined, undefined],
  ['request_nil', bid({ behalf: validBehalf, paid: validPaid, adrender: 1 }), undefined, undefined],
  ['not_required_and_bid_is_nil', {}, req({ dsarequired: 0 }), undefined],
  [
    'not_required_and_bid_dsa_is_valid',
    bid({ behalf: validBehalf, paid: validPaid, adrender: 1 }),
    req({ dsarequired: 0, pubrender: 0 }),
    undefined,
  ],
  ['required_and_bid_is_nil', {}, req({ dsarequired: 2 }), DSA_ERROR.missing],
  [
    'required_and_bid_dsa_has_invalid_behalf',
    bid({ behalf: validBehalf + 'z' }),
    req({ dsarequired: 2 }),
    DSA_ERROR.behalfTooLong,
  ],
  [
    'required_and_bid_dsa_has_invalid_paid',
    bid({ paid: validPaid + 'z' }),
    req({ dsarequired: 2 }),
    DSA_ERROR.paidTooLong,
  ],
  [
    'required_and_neither_will_render',
    bid({ adrender: 0 }),
    req({ dsarequired: 2, pubrender: 0 }),
    DSA_ERROR.neitherWillRender,
  ],
  [
    'required_and_both_will_render',
    bid({ adrender: 1 }),
    req({ dsarequired: 2, pubrender: 2 }),
    DSA_ERROR.bothWillRender,
  ],
  [
    'required_and_bid_dsa_is_valid',
    bid({ behalf: validBehalf, paid: validPaid, adrender: 1 }),
    req({ dsarequired: 2, pubrender: 0 }),
    undefined,
  ],
  [
    'required_and_bid_dsa_is_valid_no_pubrender',
    bid({ behalf: validBehalf, paid: validPaid, adrender: 2 }),
    req({ dsarequired: 2 }),
    undefined,
  ],
  [
    'required_and_bid_dsa_is_valid_no_adrender',
    bid({ behalf: validBehalf, paid: validPaid }),
    req({ dsarequired: 2, pubrender: 0 }),
    undefined,
  ],
  ['required_online_platform_missing', {}, req({ dsarequired: 3 }), DSA_ERROR.missing],
  ['dsa null on the bid counts as missing', bid(null), req({ dsarequired: 2 }), DSA_ERROR.missing],
  ['wrong types on the bid count as missing', bid({ behalf: 7 }), req({ dsarequired: 2 }), DSA_ERROR.missing],
];

test('validateDsa (G TestValidate)', () => {
  const cases = DSA_CASES;
  for (const [name, b, r, want] of cases) assert.equal(validateDsa(b as never, r), want, name);
});

test('length limits count bytes, as upstream (Go len)', () => {
  const fiftyOneTwoByte = 'é'.repeat(51);
  assert.equal(
    validateDsa(bid({ behalf: fiftyOneTwoByte }), req({ dsarequired: 2 })),
    DSA_ERROR.behalfTooLong,
  );
  assert.equal(validateDsa(bid({ paid: 'é'.repeat(50) }), req({ dsarequired: 2 })), undefined);
});

test('dsaRequired (G TestDSARequired)', () => {
  assert.equal(dsaRequired(undefined), false);
  assert.equal(dsaRequired(req({})), false);
  assert.equal(dsaRequired(req({ dsarequired: 0 })), false);
  assert.equal(dsaRequired(req({ dsarequired: 1 })), false);
  assert.equal(dsaRequired(req({ dsarequired: 2 })), true);
  assert.equal(dsaRequired(req({ dsarequired: 3 })), true);
  assert.equal(dsaRequired(req({ dsarequired: '2' })), false, 'undecodable = absent');
});

test('readRequestDsa / readBidDsa (G TestGetReqDSA, TestGetBidDSA)', () => {
  assert.equal(readRequestDsa({}), undefined);
  assert.equal(readRequestDsa({ regs: {} }), undefined);
  assert.equal(readRequestDsa({ regs: { ext: {} } }), undefined);
  assert.deepEqual(readRequestDsa(req({ dsarequired: 2 })), { dsarequired: 2 });
  assert.equal(readBidDsa(undefined), undefined);
  assert.equal(readBidDsa({ ext: {} }), undefined);
  assert.deepEqual(readBidDsa(bid({ behalf: 'test1', paid: 'test2', adrender: 1 })), {
    adrender: 1,
    behalf: 'test1',
    paid: 'test2',
  });
});

const defaultDsa = {
  dsarequired: 3,
  pubrender: 1,
  datatopub: 2,
  transparency: [{ domain: 'domain.com', dsaparams: [1] }],
};
const settings = (gdprOnly: boolean): AccountDsaSettings => ({ default: defaultDsa, gdprOnly });

test('applyDefaultDsa (G TestWrite)', () => {
  const empty = { id: 'r', regs: { ext: undefined } };
  assert.equal(applyDefaultDsa({ request: empty, dsa: undefined, gdprInScope: true }), empty, 'config nil');
  assert.equal(
    applyDefaultDsa({ request: empty, dsa: { gdprOnly: false }, gdprInScope: true }),
    empty,
    'default nil',
  );
  const present = req({ dsarequired: 2 });
  assert.equal(
    applyDefaultDsa({ request: present, dsa: settings(false), gdprInScope: true }),
    present,
    'request has dsa',
  );
  const written = { id: 'r', regs: { ext: { dsa: defaultDsa } } };
  assert.deepEqual(
    applyDefaultDsa({ request: { id: 'r' }, dsa: settings(true), gdprInScope: true }),
    written,
  );
  assert.deepEqual(applyDefaultDsa({ request: { id: 'r' }, dsa: settings(true), gdprInScope: false }), {
    id: 'r',
  });
  assert.deepEqual(
    applyDefaultDsa({ request: { id: 'r' }, dsa: settings(false), gdprInScope: true }),
    written,
  );
  assert.deepEqual(
    applyDefaultDsa({ request: { id: 'r' }, dsa: settings(false), gdprInScope: false }),
    written,
  );
});

test('applyDefaultDsa keeps other regs fields and never mutates its input', () => {
  const request = { id: 'r', regs: { coppa: 1, ext: { gdpr: 1 } } };
  const out = applyDefaultDsa({ request, dsa: settings(false), gdprInScope: false });
  assert.deepEqual(out.regs, { coppa: 1, ext: { gdpr: 1, dsa: defaultDsa } });
  assert.deepEqual(request.regs, { coppa: 1, ext: { gdpr: 1 } });
  assert.notEqual(out.regs.ext, request.regs.ext);
  const bad = { id: 'r', regs: { ext: { dsa: { dsarequired: 'x' } } } };
  assert.equal(applyDefaultDsa({ request: bad, dsa: settings(false), gdprInScope: true }), bad);
});

test('parseAccountDsa: upstream JSON string or an object; normalised to the four fields', () => {
  const text =
    '{"dsarequired":2,"pubrender":1,"datatopub":2,"transparency":[{"domain":"platform1domain.com","dsaparams":[1]},{"domain":"SSP2domain.com","dsaparams":[1,2]}],"extra":true}';
  assert.deepEqual(parseAccountDsa({ default: text }), {
    value: {
      default: {
        dsarequired: 2,
        pubrender: 1,
        datatopub: 2,
        transparency: [
          { domain: 'platform1domain.com', dsaparams: [1] },
          { domain: 'SSP2domain.com', dsaparams: [1, 2] },
        ],
      },
      gdprOnly: false,
    },
  });
  assert.deepEqual(parseAccountDsa({ default: { dsarequired: 1 }, gdpr_only: true }), {
    value: { default: { dsarequired: 1 }, gdprOnly: true },
  });
  assert.deepEqual(parseAccountDsa(undefined), {});
  assert.deepEqual(parseAccountDsa({ default: '' }), { value: { gdprOnly: false } });
  assert.ok(parseAccountDsa({ default: '{bad' }).error);
  assert.ok(parseAccountDsa({ default: '{"dsarequired":"2"}' }).error);
  assert.ok(parseAccountDsa({ gdpr_only: 'yes' }).error);
  assert.ok(parseAccountDsa('x').error);
});
