// OpenRTB 2.5/2.6 placement per bidder (ortb25-downgrade.ts) and the GPP-derived legacy privacy
// fields (gpp.ts, gpp-legacy.ts), as upstream ConvertDownTo25 / ConvertUpTo26 / setLegacy*FromGPP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import { downgradeTo25, rewardedPlacement, upgradeTo26 } from './ortb25-downgrade.js';
import { gppSections } from './gpp.js';
import { withLegacyPrivacyFromGpp } from './gpp-legacy.js';

const TCF = 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA';
const req = (over: Record<string, unknown>) => ({ id: 'r', imp: [], ...over }) as unknown as BidRequest;

test('downgradeTo25: 2.6 places move into ext, the 2.6 value wins over one already in ext', () => {
  const r = req({
    regs: { gdpr: 1, us_privacy: '1YNN', ext: { gdpr: 0, other: 1 } },
    user: { id: 'u', consent: 'c26', eids: [], ext: { consent: 'c25' } },
    source: { tid: 't', schain: { ver: '1.0' } },
  });
  const before = JSON.stringify(r);
  const out = downgradeTo25(r);
  assert.deepEqual(out.regs, { ext: { gdpr: 1, other: 1, us_privacy: '1YNN' } });
  assert.deepEqual(out.user, { id: 'u', ext: { consent: 'c26', eids: [] } });
  assert.deepEqual(out.source, { tid: 't', ext: { schain: { ver: '1.0' } } });
  assert.equal(JSON.stringify(r), before, 'input untouched');
  const plain = req({ regs: { ext: { gdpr: 1 } } });
  assert.equal(downgradeTo25(plain), plain, 'nothing to move: same object');
});

test('upgradeTo26: ext places move up, a 2.6 value already there wins; the ext keys are dropped', () => {
  const r = req({
    regs: { gdpr: 0, ext: { gdpr: 1, us_privacy: '1NNN', x: 1 } },
    user: { ext: { consent: 'c', eids: [{ source: 'a' }] } },
    source: { ext: { schain: { ver: '1.0' } } },
  });
  const out = upgradeTo26(r);
  assert.deepEqual(out.regs, { gdpr: 0, us_privacy: '1NNN', ext: { x: 1 } });
  assert.deepEqual(out.user, { consent: 'c', eids: [{ source: 'a' }] }, 'an emptied ext is dropped');
  assert.deepEqual(out.source, { schain: { ver: '1.0' } });
  const plain = req({ regs: { gdpr: 1 } });
  assert.equal(upgradeTo26(plain), plain);
});

test('rewarded flag: imp.rwdd for 2.6 bidders, imp.ext.<ns>.is_rewarded_inventory for 2.5 ones', () => {
  assert.deepEqual(rewardedPlacement(1, undefined, '2.5'), { extValue: 1 });
  assert.deepEqual(rewardedPlacement(1, 0, '2.5'), { extValue: 1 }, 'rwdd wins');
  assert.deepEqual(rewardedPlacement(undefined, 1, '2.5'), { extValue: 1 });
  assert.deepEqual(rewardedPlacement(0, 0, '2.5'), { extValue: 0 }, 'the ext flag passes as written');
  assert.deepEqual(rewardedPlacement(undefined, true, '2.5'), { extValue: true });
  assert.deepEqual(rewardedPlacement(undefined, 1, '2.6'), { rwdd: 1 });
  assert.deepEqual(rewardedPlacement(1, 0, '2.6'), { rwdd: 1 });
  assert.deepEqual(rewardedPlacement(0, undefined, '2.6'), {});
});

test('gppSections: header section ids (single ids and ranges) paired with the sections', () => {
  assert.deepEqual(
    [...gppSections(`DBACNY~${TCF}~1YNN`)],
    [
      [2, TCF],
      [6, '1YNN'],
    ],
  );
  assert.deepEqual([...gppSections('DBABMA~abc')], [[2, 'abc']]);
  assert.deepEqual([...gppSections('DBABTA~1NNN')], [[6, '1NNN']]);
  assert.deepEqual(
    [...gppSections('DBABuw~a~b~c~d~e')].map(([id]) => id),
    [2, 3, 4, 5, 6],
    'a range 2–6',
  );
  assert.equal(gppSections('DBACNY~only-one').size, 0, 'section count mismatch → nothing');
  assert.equal(gppSections('not gpp!').size, 0);
  assert.equal(gppSections('').size, 0);
});

test('legacy privacy from GPP: gdpr from gpp_sid, consent from TCF EU v2, us_privacy from USP v1', () => {
  const gpp = `DBACNY~${TCF}~1YNN`;
  const out = withLegacyPrivacyFromGpp(req({ regs: { gpp, gpp_sid: [2, 6] } }));
  assert.deepEqual(out.regs, { gpp, gpp_sid: [2, 6], gdpr: 1, us_privacy: '1YNN' });
  assert.deepEqual(out.user, { consent: TCF });

  const noTcfSid = withLegacyPrivacyFromGpp(req({ regs: { gpp, gpp_sid: [6] }, user: { id: 'u' } }));
  assert.equal(noTcfSid.regs?.gdpr, 0, 'gpp_sid without 2 → gdpr 0');
  assert.deepEqual(noTcfSid.user, { id: 'u', consent: TCF }, 'consent does not depend on gpp_sid');

  const noSid = withLegacyPrivacyFromGpp(req({ regs: { gpp } }));
  assert.equal(noSid.regs?.gdpr, undefined, 'no gpp_sid → no gdpr, no us_privacy');
  assert.equal(noSid.regs?.us_privacy, undefined);
  assert.equal(noSid.user?.consent, TCF);

  const given = req({
    regs: { gpp, gpp_sid: [2, 6], ext: { gdpr: 0, us_privacy: '1NNN' } },
    user: { ext: { consent: 'mine' } },
  });
  assert.equal(withLegacyPrivacyFromGpp(given), given, 'fields already given (2.5 places too) are kept');
  const plain = req({ regs: { gdpr: 1 } });
  assert.equal(withLegacyPrivacyFromGpp(plain), plain);
});
