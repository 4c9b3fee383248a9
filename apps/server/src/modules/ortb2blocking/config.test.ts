import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BlockingConfigError,
  flagSetting,
  idsSetting,
  namesSetting,
  parseOrtb2BlockingConfig,
} from './config.js';
import { TEST_CONFIG } from './ortb2blocking.testkit.js';

test('G TestConfig: the full config parses into defaults and action overrides', () => {
  const cfg = parseOrtb2BlockingConfig(TEST_CONFIG);
  assert.deepEqual(flagSetting(cfg, 'badv', 'enforce_blocks').value, true);
  assert.deepEqual(namesSetting(cfg, 'badv', 'blocked_adomain').value, ['a.com', 'b.com', 'c.com']);
  assert.deepEqual(namesSetting(cfg, 'badv', 'blocked_adomain').overrides[0], {
    conditions: { bidders: ['appnexus', 'rubicon'], mediaTypes: ['video'] },
    override: { isActive: false, names: ['a.com', 'b.com'], ids: [] },
  });
  assert.deepEqual(namesSetting(cfg, 'badv', 'allowed_adomain_for_deals').overrides[0]!.conditions, {
    dealIds: ['12345678'],
  });
  assert.deepEqual(flagSetting(cfg, 'bcat', 'enforce_blocks').overrides[0]!.override, {
    isActive: true,
    names: [],
    ids: [],
  });
  assert.equal(cfg.categoryTaxonomy, 6);
  assert.deepEqual(idsSetting(cfg, 'btype', 'blocked_banner_type').overrides[0]!.override.ids, [3, 4, 5]);
  assert.deepEqual(idsSetting(cfg, 'battr', 'blocked_banner_attr').value, [1, 8, 9, 10]);
  assert.deepEqual(idsSetting(cfg, 'battr', 'blocked_video_attr').value, []);
});

test('G Override.UnmarshalJSON: booleans, mixed lists, and anything else as an empty override', () => {
  const cfg = parseOrtb2BlockingConfig({
    attributes: {
      badv: {
        action_overrides: {
          blocked_adomain: [
            { conditions: { bidders: ['x'] }, override: ['a.com', 3] },
            { conditions: { bidders: ['x'] }, override: { a: 1 } },
            { conditions: { bidders: ['x'] } },
          ],
        },
      },
    },
  });
  assert.deepEqual(
    namesSetting(cfg, 'badv', 'blocked_adomain').overrides.map((o) => o.override),
    [
      { isActive: false, names: ['a.com'], ids: [3] },
      { isActive: false, names: [], ids: [] },
      { isActive: false, names: [], ids: [] },
    ],
  );
});

test('null and absent values take the zero value; unknown keys are ignored', () => {
  const cfg = parseOrtb2BlockingConfig({
    attributes: { badv: { enforce_blocks: null, blocked_adomain: null, other: 1 } },
    x: 1,
  });
  assert.equal(flagSetting(cfg, 'badv', 'enforce_blocks').value, false);
  assert.deepEqual(namesSetting(cfg, 'badv', 'blocked_adomain'), { value: [], overrides: [] });
});

test('a config that is not an object is an error', () => {
  assert.throws(
    () => parseOrtb2BlockingConfig('...'),
    new BlockingConfigError('failed to parse config: config: expected an object'),
  );
});
