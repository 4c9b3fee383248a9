// Converting an imp's floor to US dollars for bidders that only take USD floors: a floor stated in
// another currency (compared case-insensitively) is converted with the auction's rates; a floor
// without a currency is passed on unchanged, as those bidders do upstream.
import type { Imp } from '../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../types.js';
import { ERROR_CODE } from '../types.js';
import { withProps, copyForWrite } from '@gavel/common';

/** A copy of `imp` with a foreign-currency floor converted to USD, or the conversion error. */
export function floorToUsd(imp: Readonly<Imp>, ctx: AdapterContext): Imp | BidderError {
  const from = imp.bidfloorcur ?? '';
  if (!imp.bidfloor || imp.bidfloor <= 0 || from === '' || from.toUpperCase() === 'USD') {
    return copyForWrite(imp);
  }
  try {
    return withProps(imp, { bidfloor: ctx.convertCurrency(imp.bidfloor, from, 'USD'), bidfloorcur: 'USD' });
  } catch (err) {
    return { code: ERROR_CODE.badInput, message: (err as Error).message };
  }
}
