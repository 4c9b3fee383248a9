// Inserts an impression tracker into VAST XML (contract "POST /vtrack", "Events" item 2; notes §6
// and §0 row 11). J's placement (decisions.md "Events: VAST impression tracker"): inside the first
// <InLine> (else the first <Wrapper>), right after its last </Impression>, else before its closing
// tag. A careful string algorithm rather than parse + re-serialise: the VAST stays byte-identical
// around the insertion (attributes, CDATA, whitespace), which an XML round-trip would not keep.

export interface VastModification {
  vast: string;
  /** false when the VAST has no InLine/Wrapper element to carry the tracker (value unchanged). */
  modified: boolean;
}

/** The tracker element; a `]]>` inside the URL is split so the CDATA section stays closed. */
export function impressionElement(url: string): string {
  return `<Impression><![CDATA[${url.replaceAll(']]>', ']]]]><![CDATA[>')}]]></Impression>`;
}

/**
 * A same-length copy of the XML to search in: comments, CDATA sections and processing instructions
 * blanked out (tags inside them don't count), ASCII folded to lower case, other characters replaced
 * by '_' (String#toLowerCase may change the length of some non-ASCII characters).
 */
function searchable(xml: string): string {
  const out: string[] = [];
  let i = 0;
  const blank = (end: number): void => {
    for (; i < end; i++) out.push(' ');
  };
  while (i < xml.length) {
    if (xml.startsWith('<!--', i)) {
      const e = xml.indexOf('-->', i + 4);
      blank(e < 0 ? xml.length : e + 3);
    } else if (xml.startsWith('<![CDATA[', i)) {
      const e = xml.indexOf(']]>', i + 9);
      blank(e < 0 ? xml.length : e + 3);
    } else if (xml.startsWith('<?', i)) {
      const e = xml.indexOf('?>', i + 2);
      blank(e < 0 ? xml.length : e + 2);
    } else {
      const c = xml.charCodeAt(i);
      out.push(c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : c < 128 ? xml[i]! : '_');
      i++;
    }
  }
  return out.join('');
}

const isNameEnd = (ch: string | undefined): boolean => ch === undefined || /[\s/>]/.test(ch);

/** Index of the first `<name` / `</name` tag (whole name) at or after `from`, else -1. */
function findTag(s: string, prefix: string, from: number): number {
  let at = s.indexOf(prefix, from);
  while (at >= 0 && !isNameEnd(s[at + prefix.length])) at = s.indexOf(prefix, at + 1);
  return at;
}

/** [end of the opening tag, start of the closing tag] of the first `name` element, or undefined. */
function elementBody(s: string, name: string): [number, number] | undefined {
  const open = findTag(s, `<${name}`, 0);
  if (open < 0) return undefined;
  const openEnd = s.indexOf('>', open);
  if (openEnd < 0 || s[openEnd - 1] === '/') return undefined; // unterminated or <InLine/>
  const close = findTag(s, `</${name}`, openEnd + 1);
  return close < 0 ? undefined : [openEnd + 1, close];
}

/** Where the tracker goes inside the body [start, end): after the last </Impression>, else at end. */
function insertionPoint(s: string, start: number, end: number): number {
  let point = end;
  let at = findTag(s, '</impression', start);
  while (at >= 0 && at < end) {
    const gt = s.indexOf('>', at);
    if (gt < 0 || gt >= end) break;
    point = gt + 1;
    at = findTag(s, '</impression', gt + 1);
  }
  return point;
}

export function insertImpressionTracker(vast: string, trackerUrl: string): VastModification {
  const s = searchable(vast);
  const body = elementBody(s, 'inline') ?? elementBody(s, 'wrapper');
  if (!body) return { vast, modified: false };
  const at = insertionPoint(s, body[0], body[1]);
  return { vast: vast.slice(0, at) + impressionElement(trackerUrl) + vast.slice(at), modified: true };
}
