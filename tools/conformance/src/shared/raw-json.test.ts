import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRaw, extractTopLevel } from './raw-json.js';

test('objects and arrays come back byte for byte, nested keys are not matched', () => {
  const text = '{"a": {"mockBidRequest": 1}, "mockBidRequest": { "id" : "x", "imp":[{}] } , "z": 2}';
  assert.deepEqual(extractTopLevel(text, 'mockBidRequest'), {
    kind: 'object',
    raw: '{ "id" : "x", "imp":[{}] }',
  });
});

test('a string value is the text between the quotes, not unescaped', () => {
  const text = '{"mockBidRequest": "mal\\"formed", "expectedErrorMessage": "a\\nb"}';
  assert.deepEqual(extractTopLevel(text, 'mockBidRequest'), { kind: 'string', raw: 'mal\\"formed' });
  assert.equal(decodeRaw(extractTopLevel(text, 'expectedErrorMessage')), 'a\nb');
});

test('scalars, missing keys and case-sensitive names', () => {
  const text = '{"expectedReturnCode": 400, "Config": {}}';
  assert.deepEqual(extractTopLevel(text, 'expectedReturnCode'), { kind: 'scalar', raw: '400' });
  assert.equal(decodeRaw(extractTopLevel(text, 'expectedReturnCode')), 400);
  assert.equal(extractTopLevel(text, 'config'), undefined);
  assert.equal(extractTopLevel('[1]', 'x'), undefined);
});

test('broken JSON is extracted by bracket matching (brackets inside strings ignored)', () => {
  const text = '{"mockBidRequest": {"imp": [{},], "s": "}]"},\n"expectedReturnCode": 400}';
  assert.equal(extractTopLevel(text, 'mockBidRequest')?.raw, '{"imp": [{},], "s": "}]"}');
  assert.equal(decodeRaw(extractTopLevel(text, 'mockBidRequest')), undefined);
  assert.equal(decodeRaw(extractTopLevel(text, 'expectedReturnCode')), 400);
});
