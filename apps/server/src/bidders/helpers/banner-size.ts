// Sizing an imp's banner from its first format (`banner.w/h` ← `format[0]`), for bidders that read only
// the banner's own size. Copies; the input imp is untouched.
import type { Imp } from '../../openrtb/types.js';
import { withProps, copyForWrite } from '@gavel/common';

/** A copy of `imp` whose banner (when it has formats) takes the first format's width and height. */
export function withFirstFormatSize(imp: Readonly<Imp>): Imp {
  const first = imp.banner?.format?.[0];
  return imp.banner && first
    ? withProps(imp, { banner: withProps(imp.banner, { w: first.w, h: first.h }) })
    : copyForWrite(imp);
}
