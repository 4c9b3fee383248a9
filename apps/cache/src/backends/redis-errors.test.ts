// How a Redis client failure is answered (chaos finding: Redis down gave 500 with ioredis's text).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReplyError } from 'ioredis';
import { toBackendError } from './redis.js';

test('toBackendError: connection failures → 503 naming the back-end, the library text kept as cause', () => {
  for (const text of [
    "Stream isn't writeable and enableOfflineQueue options is false",
    'Connection is closed.',
    'connect ECONNREFUSED 127.0.0.1:6379',
    'Reached the max retries per request limit (which is 0). Refer to "maxRetriesPerRequest" option for details.',
  ]) {
    const cause = new Error(text);
    const err = toBackendError(cause, 'write') as Error & { status: number };
    assert.equal(err.status, 503, text);
    assert.equal(err.message, 'cache back-end (redis) unavailable');
    assert.equal(err.cause, cause);
  }
});

test("toBackendError: a server's error reply stays 500 with Redis's reason; a timeout is 504", () => {
  const reply = toBackendError(
    new (ReplyError as new (m: string) => Error)('OOM command not allowed'),
    'write',
  );
  assert.equal((reply as Error & { status: number }).status, 500);
  assert.equal(reply.message, 'redis write failed: OOM command not allowed');
  const slow = toBackendError(new Error('Command timed out'), 'read') as Error & { status: number };
  assert.equal(slow.status, 504);
  assert.equal(slow.message, 'cache back-end (redis) timed out (read)');
});
