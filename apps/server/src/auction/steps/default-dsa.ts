// Before the split: the account's default DSA object (`privacy.dsa.default`) written into
// `regs.ext.dsa` of requests without one; with `gdpr_only`, only where GDPR applies (upstream
// dsa.Writer).
import { withProps } from '@gavel/common';
import { applyDefaultDsa } from '../../bidvalidation/index.js';
import type { AuctionContext } from '../types.js';

function gdprApplies(ctx: AuctionContext): boolean {
  const regs = ctx.request.regs as { gdpr?: unknown; ext?: { gdpr?: unknown } } | undefined;
  return regs?.gdpr === 1 || regs?.ext?.gdpr === 1;
}

export function addDefaultDsa(ctx: AuctionContext): AuctionContext {
  if (!ctx.account.dsa) return ctx;
  const request = applyDefaultDsa({
    request: ctx.request,
    dsa: ctx.account.dsa,
    gdprInScope: gdprApplies(ctx),
  });
  return request === ctx.request ? ctx : Object.freeze(withProps(ctx, { request }));
}
