// The imp ext as upstream adapters re-encode it through their typed `{prebid, bidder, ae}` view: other
// keys are dropped, `prebid` and `bidder` are always written (null when absent), `ae` only when set.
// For bidders that send back the imp ext with their own keys added to that view.

/** The `{prebid, bidder, ae}` view of `ext`, as a new object the caller may extend. */
export function bidderImpExtView(ext: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const view: Record<string, unknown> = { prebid: ext.prebid ?? null, bidder: ext.bidder ?? null };
  if (ext.ae) view.ae = ext.ae;
  return view;
}
