// Extra info read as an object whether given as an object or as JSON text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extraInfoObject } from './extra-info.js';

test('objects pass through, JSON text is parsed, anything else is empty', () => {
  assert.deepEqual(extraInfoObject({ a: 1 }), { a: 1 });
  assert.deepEqual(extraInfoObject('{"a":[1]}'), { a: [1] });
  assert.deepEqual(extraInfoObject(''), {});
  assert.deepEqual(extraInfoObject('not json'), {});
  assert.deepEqual(extraInfoObject('[1]'), {});
  assert.deepEqual(extraInfoObject(undefined), {});
});
