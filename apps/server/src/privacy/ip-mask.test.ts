import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskIpv4, maskIpv6 } from './ip-mask.js';

test('IPv4 keeps the leading bits', () => {
  assert.equal(maskIpv4('192.168.45.77', 24), '192.168.45.0');
  assert.equal(maskIpv4('192.168.45.77', 16), '192.168.0.0');
  assert.equal(maskIpv4('192.168.45.255', 28), '192.168.45.240');
  assert.equal(maskIpv4('not-an-ip', 24), 'not-an-ip');
});

test('IPv6 keeps the leading bits and prints the compressed form', () => {
  assert.equal(maskIpv6('2001:db8:abcd:12ff:1:2:3:4', 56), '2001:db8:abcd:1200::');
  assert.equal(maskIpv6('2001:db8::1', 56), '2001:db8::');
  assert.equal(maskIpv6('::ffff:192.0.2.1', 96), '::ffff:0:0');
  assert.equal(maskIpv6('1.2.3.4', 56), '1.2.3.4');
});
