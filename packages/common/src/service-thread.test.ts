import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handedConfig, wantsServiceThread, youngGenerationFlags } from './service-thread.js';
import { withNodeOptions } from './node-options.testkit.js';

const BUILT = new URL('file:///srv/gavel/apps/server/dist/src/main.js');

test('a service thread is wanted for a size > 0 unless node was given a young-generation flag', () => {
  withNodeOptions(undefined, () => {
    assert.equal(wantsServiceThread(192, BUILT), !process.execArgv.some((a) => a.includes('semi-space')));
    assert.equal(wantsServiceThread(0, BUILT), false);
  });
  withNodeOptions('--max-semi-space-size=32', () => assert.equal(wantsServiceThread(192, BUILT), false));
  withNodeOptions('--max-young-generation-size=96', () =>
    assert.equal(wantsServiceThread(192, BUILT), false),
  );
});

test('cluster workers get the size as --max-semi-space-size (a third of the young generation)', () => {
  withNodeOptions(undefined, () => {
    assert.deepEqual(youngGenerationFlags(192), ['--max-semi-space-size=64']);
    assert.deepEqual(youngGenerationFlags(0), []);
  });
  withNodeOptions('--max-semi-space-size=16', () => assert.deepEqual(youngGenerationFlags(192), []));
});

test('a service run from TypeScript source stays on the main thread (loaders do not reach workers)', () => {
  withNodeOptions(undefined, () =>
    assert.equal(wantsServiceThread(192, new URL('file:///srv/gavel/apps/server/src/main.ts')), false),
  );
});

test('a service thread takes the config its main thread handed over; a main thread has none', () => {
  const handed = { config: { port: 8000, log: { level: 'warn' } }, warnings: ['GAVEL_X sets no key'] };
  assert.deepEqual(handedConfig({ isMain: false, data: { handedConfig: handed } }), handed);
  assert.equal(handedConfig({ isMain: false, data: null }), undefined, 'a thread started without one');
  assert.equal(handedConfig({ isMain: true, data: { handedConfig: handed } }), undefined);
  assert.equal(handedConfig(), undefined, 'this test runs on the main thread');
});
