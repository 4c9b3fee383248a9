// Yahoo Ads regs promotion: GPP fields a publisher put in regs.ext move to their OpenRTB 2.6 places
// (regs.gpp / regs.gpp_sid) when those are empty; when they are set, the ext duplicates are dropped.
import type { Regs } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { omitKeys, withProps } from '@gavel/common';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isInt8List(value: unknown): value is number[] | null {
  if (value === null) return true;
  return Array.isArray(value) && value.every((v) => Number.isInteger(v) && v >= -128 && v <= 127);
}

/** The regs to send and the warning when regs.ext could not be read. */
export function promoteRegs(regs: Readonly<Regs> | undefined): { regs?: Regs; warning?: BidderError } {
  if (!regs || regs.ext === undefined || regs.ext === null) return { regs };
  const ext: unknown = regs.ext;
  if (!isObject(ext)) {
    const message = 'regs.ext is not a JSON object; skipped OpenRTB 2.6 regs promotion';
    return { regs, warning: { code: ERROR_CODE.none, message } };
  }
  const dropped: string[] = [];
  const promoted: Record<string, unknown> = {};
  if ('gpp' in ext) {
    if (typeof regs.gpp !== 'string' || regs.gpp === '') {
      if (ext.gpp === null || typeof ext.gpp === 'string') {
        promoted.gpp = ext.gpp ?? '';
        dropped.push('gpp');
      }
    } else dropped.push('gpp');
  }
  if ('gpp_sid' in ext) {
    if (!Array.isArray(regs.gpp_sid) || regs.gpp_sid.length === 0) {
      if (isInt8List(ext.gpp_sid)) {
        if (ext.gpp_sid !== null) promoted.gpp_sid = ext.gpp_sid;
        dropped.push('gpp_sid');
      }
    } else dropped.push('gpp_sid');
  }
  if (dropped.length === 0) return { regs };
  const rest = omitKeys(ext, dropped);
  const base = Object.keys(rest).length === 0 ? omitKeys(regs, ['ext']) : withProps(regs, { ext: rest });
  const out: Regs = withProps(base, promoted);
  if (out.gpp === '') return { regs: omitKeys(out, ['gpp']) };
  return { regs: out };
}
