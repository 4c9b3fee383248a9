// The account's default_integration (upstream G setIntegrationType).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import { withDefaultIntegration } from './integration.js';

const req = (ext?: Record<string, unknown>): BidRequest => ({ id: 'r', imp: [], ...(ext ? { ext } : {}) });

test('written only when the request names no integration', () => {
  assert.deepEqual(withDefaultIntegration(req(), 'web', 'prebid').ext, { prebid: { integration: 'web' } });
  assert.deepEqual(
    withDefaultIntegration(req({ prebid: { debug: true, integration: '' } }), 'web', 'prebid').ext,
    {
      prebid: { debug: true, integration: 'web' },
    },
  );
  const own = req({ core: { integration: 'pbjs' } });
  assert.equal(withDefaultIntegration(own, 'web', 'core'), own);
  assert.equal(withDefaultIntegration(own, undefined, 'core'), own);
});
