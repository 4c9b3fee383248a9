// IP masking for a denied transmitPreciseGeo (G privacy/scrubber.go scrubIP: net.ParseIP(ip).Mask(
// CIDRMask(keep, bits)).String()). Own copy because this folder is a leaf; same results as G for
// well-formed addresses, and a value that is not an address of the field's family is left as it is
// (G would write "<nil>").
import { isIPv4, isIPv6 } from 'node:net';

/** Keeps the first `keep` bits of `bytes` (a copy). */
function maskBytes(bytes: readonly number[], keep: number): number[] {
  return bytes.map((b, i) => {
    const kept = Math.min(8, Math.max(0, keep - i * 8));
    return b & ((0xff << (8 - kept)) & 0xff);
  });
}

function ipv4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 16 bytes of a valid IPv6 text (`::` and an embedded IPv4 tail allowed). */
function ipv6Bytes(ip: string): number[] {
  let text = ip;
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    tail.push(...ipv4Bytes(v4[1]));
    text = text.slice(0, -v4[1].length) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':').map((h) => parseInt(h, 16)));
  const left = groups(head);
  const right = groups(rest ?? '');
  const zeros = rest === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const bytes = [...left, ...zeros, ...right].flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Go's IP.String for 16 bytes: an IPv4-mapped address prints dotted; else RFC 5952 (`::` for the first longest zero run ≥ 2). */
function formatIpv6(bytes: readonly number[]): string {
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join('.');
  const g = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = g.map((x) => x.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** `device.ip`: the first `keep` of 32 bits kept. */
export function maskIpv4(ip: string, keep: number): string {
  if (!isIPv4(ip)) return ip;
  return maskBytes(ipv4Bytes(ip), keep).join('.');
}

/** `device.ipv6`: the first `keep` of 128 bits kept. */
export function maskIpv6(ip: string, keep: number): string {
  if (!isIPv6(ip)) return ip;
  return formatIpv6(maskBytes(ipv6Bytes(ip), keep));
}
