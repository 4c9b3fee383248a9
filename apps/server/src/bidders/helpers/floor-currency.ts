// Converting an imp's floor into the one currency a bidder accepts, with the auction's rates.
import type { Imp } from '../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../types.js';
import { withProps, copyForWrite } from '@gavel/common';

/**
 * The imp with its floor expressed in `currency` (unchanged when there is no floor or it already is).
 * A missing `bidfloorcur` means USD, as in OpenRTB.
 */
export function floorIn(
  imp: Readonly<Imp>,
  currency: string,
  ctx: AdapterContext,
): { imp: Imp } | { error: BidderError } {
  const from = imp.bidfloorcur || 'USD';
  if (!imp.bidfloor || imp.bidfloor <= 0 || from === currency) return { imp: copyForWrite(imp) };
  try {
    const bidfloor = ctx.convertCurrency(imp.bidfloor, from, currency);
    return { imp: withProps(imp, { bidfloor, bidfloorcur: currency }) };
  } catch (err) {
    return { error: { code: 2, message: (err as Error).message } };
  }
}

/** The imp with its floor in `currency` and `changes` applied, or the conversion error. */
export function flooredImp(
  imp: Readonly<Imp>,
  currency: string,
  ctx: AdapterContext,
  changes: Partial<Imp> = {},
): Imp | BidderError {
  const floored = floorIn(imp, currency, ctx);
  return 'error' in floored ? floored.error : withProps(floored.imp, changes);
}
