// The XML acceptance rule of POST /cache (contract: "a malformed XML put yields a bad response on
// retrieval"). Deliberately a sanity check, not a parser: players accept imperfect VAST (and
// Prebid Cache stores it verbatim), but a value that is not markup at all, or carries characters
// XML forbids, can only come back as garbage.

// C0 controls other than TAB/LF/CR, and the non-characters U+FFFE/U+FFFF (XML 1.0 §2.2).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ILLEGAL_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// A tag opener: `<name`, `</`, `<?` or `<!`.
const TAG_OPEN = /<[A-Za-z_:/?!]/;

/** Undefined when acceptable, else why not. */
export function checkXmlValue(text: string): string | undefined {
  const trimmed = text.trim();
  if (!TAG_OPEN.test(trimmed)) return 'XML value has no markup (no tag found)';
  if (!trimmed.endsWith('>')) return 'XML value must end with a tag (`>` after trailing whitespace)';
  if (ILLEGAL_CHAR.test(text)) return 'XML value contains a control character that XML forbids';
  if (LONE_SURROGATE.test(text)) return 'XML value contains an unpaired UTF-16 surrogate';
  return undefined;
}
