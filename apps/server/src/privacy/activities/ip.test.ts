// G privacy/scrubber_test.go TestScrubIP, plus IPv4 and the non-address cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskIpv4, maskIpv6 } from './ip.js';

test('IPv6 masking (G TestScrubIP)', () => {
  const cases: [string, number, string][] = [
    ['0:0:0:0:0:0:0:0', 56, '::'],
    ['1111:2222:3333:4444:5555:6666:7777:8888', 56, '1111:2222:3333:4400::'],
    ['1111:2222:3333:4444:5555:6666:7777:8888', 34, '1111:2222::'],
    ['1111:0:3333:4444:5555:6666:7777:8888', 56, '1111:0:3333:4400::'],
    ['1111::6666:7777:8888', 56, '1111::'],
    ['2001:1db8:0000:0000:0000:ff00:0042:8329', 96, '2001:1db8::ff00:0:0'],
    ['2001:1db8:0000:0000:0000:ff00:0:0', 96, '2001:1db8::ff00:0:0'],
    ['1111:2222:3333:4444:5555:6666:7777:8888', 128, '1111:2222:3333:4444:5555:6666:7777:8888'],
    ['::ffff:10.20.30.40', 120, '10.20.30.0'],
  ];
  for (const [ip, keep, want] of cases) assert.equal(maskIpv6(ip, keep), want, ip);
});

test('IPv4 masking keeps the leading bits', () => {
  assert.equal(maskIpv4('192.168.123.45', 24), '192.168.123.0');
  assert.equal(maskIpv4('192.168.123.45', 16), '192.168.0.0');
  assert.equal(maskIpv4('192.168.123.45', 20), '192.168.112.0');
  assert.equal(maskIpv4('192.168.123.45', 0), '0.0.0.0');
  assert.equal(maskIpv4('192.168.123.45', 32), '192.168.123.45');
});

test('empty and non-addresses are left as they are', () => {
  assert.equal(maskIpv4('', 24), '');
  assert.equal(maskIpv6('', 56), '');
  assert.equal(maskIpv4('::1', 24), '::1');
  assert.equal(maskIpv6('1.2.3.4', 56), '1.2.3.4');
  assert.equal(maskIpv4('not an ip', 24), 'not an ip');
});
