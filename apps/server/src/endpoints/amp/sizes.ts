// AMP size resolution (contract "GET /openrtb2/amp" rule 5, first matching rule wins): the query's
// w/h/ow/oh/ms become imp[0].banner.format. The contract's order wins over G's (G appends `ms`).
import type { Format } from '../../openrtb/types.js';
import type { AmpQuery } from './query.js';
import { withProps } from '@gavel/common';

/** The new format list, or undefined when the stored one stays unchanged (rule 7). */
export function resolveFormats(q: AmpQuery, stored: readonly Format[] | undefined): Format[] | undefined {
  if (q.ow !== undefined && q.oh !== undefined) return [{ w: q.ow, h: q.oh }];
  if (q.ow !== undefined && q.h !== undefined) return [{ w: q.ow, h: q.h }];
  if (q.oh !== undefined && q.w !== undefined) return [{ w: q.w, h: q.oh }];
  if (q.ms !== undefined) return q.ms.map((s) => ({ w: s.w, h: s.h }));
  if (q.w !== undefined && q.h !== undefined) return [{ w: q.w, h: q.h }];
  // Rule 6: one dimension alone overrides it in every stored element.
  const only = q.w !== undefined ? { w: q.w } : q.h !== undefined ? { h: q.h } : undefined;
  if (only === undefined || stored === undefined) return undefined;
  return stored.map((f) => withProps(f, only));
}
