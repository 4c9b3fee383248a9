// Reading an IAB GPP string far enough to find its sections: the header's section id list
// (Fibonacci-coded ranges) paired with the `~`-separated section strings. Used to fill the legacy
// privacy fields for bidders that don't read GPP (upstream exchange setLegacyGDPRFromGPP /
// setLegacyUSPFromGPP). Section contents are passed on as they are, never decoded here.

/** GPP section ids the legacy fields come from. */
export const GPP_SECTION = { tcfEuV2: 2, uspV1: 6 } as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function bitsOf(text: string): string | undefined {
  let out = '';
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return undefined;
    out += v.toString(2).padStart(6, '0');
  }
  return out;
}

/** Reads bits [at, at+n) as an unsigned integer. */
function int(bits: string, at: number, n: number): number | undefined {
  if (at + n > bits.length) return undefined;
  return parseInt(bits.slice(at, at + n), 2);
}

/** One Fibonacci-coded integer starting at `at` (terminated by `11`): its value and the next position. */
function fibonacci(bits: string, at: number): { value: number; next: number } | undefined {
  const end = bits.indexOf('11', at);
  if (end < 0) return undefined;
  let value = 0;
  let a = 1;
  let b = 2;
  for (let i = at; i <= end; i++) {
    if (bits[i] === '1') value += a;
    [a, b] = [b, a + b];
  }
  return { value, next: end + 2 };
}

/** The header's section ids, in order; undefined when the header can't be read. */
function sectionIds(header: string): number[] | undefined {
  const bits = bitsOf(header);
  if (!bits || int(bits, 0, 6) !== 3) return undefined;
  const count = int(bits, 12, 12);
  if (count === undefined) return undefined;
  const ids: number[] = [];
  let at = 24;
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const isRange = bits[at++] === '1';
    const first = fibonacci(bits, at);
    if (!first) return undefined;
    const start = first.value + offset;
    at = first.next;
    offset = start;
    let end = start;
    if (isRange) {
      const last = fibonacci(bits, at);
      if (!last) return undefined;
      end = last.value + offset;
      at = last.next;
      offset = end;
    }
    for (let id = start; id <= end; id++) ids.push(id);
  }
  return ids;
}

/** Section id → section string of a GPP string; empty when it can't be read. */
export function gppSections(gpp: string): Map<number, string> {
  const parts = gpp.split('~');
  const ids = sectionIds(parts[0] ?? '');
  const out = new Map<number, string>();
  if (!ids || ids.length !== parts.length - 1) return out;
  ids.forEach((id, i) => out.set(id, parts[i + 1] ?? ''));
  return out;
}
