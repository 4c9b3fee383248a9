// setuidCallback: privacy values are URL-encoded, lone surrogates included (they made /cookie_sync 500).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSyncUrl, setuidCallback } from './sync-url.js';

const syncer = {
  bidder: 'alpha',
  key: 'alpha',
  defaultType: 'redirect' as const,
  redirect: { url: 'https://s/', userMacro: '$UID' },
};
const privacy = { gdpr: '1', gdprConsent: 'c o', usPrivacy: '1YNN', gpp: '', gppSid: '' };

test('the callback carries the encoded privacy values and the uid macro', () => {
  const url = setuidCallback('https://host/', syncer, 'redirect', privacy);
  assert.equal(
    url,
    'https://host/setuid?bidder=alpha&gdpr=1&gdpr_consent=c%20o&us_privacy=1YNN&f=i&uid=$UID',
  );
});

test('a lone surrogate in a privacy value is encoded as U+FFFD instead of throwing', () => {
  const url = setuidCallback(
    'https://host',
    syncer,
    'redirect',
    Object.assign({}, privacy, { usPrivacy: '\ud800x' }),
  );
  assert.match(url, /us_privacy=%EF%BF%BDx&/);
});

test('a lone surrogate substituted into the sync URL template of the bidder does not throw either', () => {
  const templated = Object.assign({}, syncer, {
    redirect: { url: 'https://s/?us={{us_privacy}}&r={{redirect_url}}', userMacro: '$UID' },
  });
  const url = buildSyncUrl(
    'https://host',
    templated,
    'redirect',
    Object.assign({}, privacy, { usPrivacy: '\udc00' }),
  );
  assert.match(url ?? '', /^https:\/\/s\/\?us=%EF%BF%BD&r=https%3A%2F%2Fhost%2Fsetuid/);
});
