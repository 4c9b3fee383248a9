// Host server facts in the request (upstream HoldAuction): `ext.<ns>.server` {externalurl, gvlid,
// datacenter} is written before the request is split, so every bidder sees where it runs.
import { withProps } from '@gavel/common';
import type { AuctionContext } from '../types.js';

export interface ServerInfo {
  externalurl: string;
  gvlid: number;
  datacenter: string;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The context with `ext.<ns>.server` set; unchanged when there is no server info. */
export function addServerInfo(ctx: AuctionContext, server: ServerInfo | undefined): AuctionContext {
  if (!server) return ctx;
  const ext = isObj(ctx.request.ext) ? ctx.request.ext : {};
  const nsExt = isObj(ext[ctx.ns]) ? ext[ctx.ns] : {};
  const newExt = withProps(ext, {
    [ctx.ns]: withProps(nsExt as Record<string, unknown>, { server: { ...server } }),
  });
  // A spread over a key the request has is V8's fast clone (@gavel/common objects.ts).
  const request =
    'ext' in ctx.request ? { ...ctx.request, ext: newExt } : withProps(ctx.request, { ext: newExt });
  return Object.freeze(withProps(ctx, { request }));
}
