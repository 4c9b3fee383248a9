// The VAST stored for a video bid (notes §11 "Request to PBC"): the bid's adm, or, without one,
// a wrapper pointing at its nurl (J's wrapper, no empty Impression element).

export function vastOf(bid: { adm?: string; nurl?: string }): string | undefined {
  if (bid.adm) return bid.adm;
  if (!bid.nurl) return undefined;
  return (
    '<VAST version="3.0"><Ad><Wrapper><AdSystem>prebid.org wrapper</AdSystem>' +
    `<VASTAdTagURI><![CDATA[${bid.nurl}]]></VASTAdTagURI><Creatives></Creatives></Wrapper></Ad></VAST>`
  );
}
