// The XML acceptance rule: lenient with imperfect VAST, strict with non-markup and bad characters.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkXmlValue } from './xml-check.js';

it('accepts markup, including imperfect VAST that players tolerate', () => {
  for (const ok of [
    '<VAST version="4.0"><Ad/></VAST>',
    '<?xml version="1.0">__video_info__</VAST>\r\n',
    '  <a>é 😀</a>\n',
    'xml<description>prefixed</description>',
  ]) {
    assert.equal(checkXmlValue(ok), undefined, ok);
  }
});

it('rejects text without markup, trailing text and characters XML forbids', () => {
  assert.match(checkXmlValue('some-value') ?? '', /no markup/);
  assert.match(checkXmlValue('a < b') ?? '', /no markup/);
  assert.match(checkXmlValue('<a>text</a> trailing') ?? '', /end with a tag/);
  assert.match(checkXmlValue('<a>\u0001</a>') ?? '', /control character/);
  assert.match(checkXmlValue('<a>\uD800</a>') ?? '', /surrogate/);
});
