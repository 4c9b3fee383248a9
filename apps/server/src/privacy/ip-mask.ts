// IP anonymisation for scrubbed bidder requests (notes §19 "IP masking"): keep the leading N bits.
// Hand-written (~40 lines) because no IP library is a declared dependency; node:net validates.
import { isIPv4, isIPv6 } from 'node:net';

function keepBits(groups: number[], groupBits: number, keep: number): number[] {
  return groups.map((g, i) => {
    const start = i * groupBits;
    if (start + groupBits <= keep) return g;
    if (start >= keep) return 0;
    const kept = keep - start;
    return g & ~((1 << (groupBits - kept)) - 1) & ((1 << groupBits) - 1);
  });
}

/** `a.b.c.d` with only the first `keep` bits kept; anything that is not IPv4 is returned unchanged. */
export function maskIpv4(ip: string, keep: number): string {
  if (!isIPv4(ip)) return ip;
  return keepBits(ip.split('.').map(Number), 8, keep).join('.');
}

const V4_TAIL = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/;

/** `ip` with an embedded IPv4 tail (`::ffff:1.2.3.4`) written as its two hex groups. */
function v4TailAsHex(ip: string): string {
  const m = V4_TAIL.exec(ip);
  if (!m) return ip;
  const hi = (Number(m[1]) << 8) | Number(m[2]);
  const lo = (Number(m[3]) << 8) | Number(m[4]);
  return `${ip.slice(0, m.index)}${hi.toString(16)}:${lo.toString(16)}`;
}

function ipv6Groups(ip: string): number[] {
  // An embedded IPv4 tail becomes its two hex groups first.
  const text = v4TailAsHex(ip);
  const [head = '', rest] = text.split('::');
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((h) => parseInt(h, 16)));
  const left = parse(head);
  const right = parse(rest ?? '');
  const fill = rest === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/** Compressed form (longest zero run as `::`, RFC 5952). */
function formatIpv6(groups: number[]): string {
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** IPv6 with only the first `keep` bits kept; anything that is not IPv6 is returned unchanged. */
export function maskIpv6(ip: string, keep: number): string {
  if (!isIPv6(ip)) return ip;
  return formatIpv6(keepBits(ipv6Groups(ip), 16, keep));
}
