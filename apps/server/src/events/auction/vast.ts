// The impression tracker in a video bid's VAST (G exchange/events.go modifyBidVAST + auction.go
// makeVAST). Bid without adm: the nurl wrapper is built with the tracker in its Impression element,
// byte for byte what G produces (G's wrapper has an empty <Impression></Impression> that G fills).
// Bid with adm: ../vast-impression.ts places the tracker (J's placement, the project's /vtrack rule),
// not G's "after the first </Impression>, nothing without one": see docs/events.md.
import { impressionElement, insertImpressionTracker } from '../vast-impression.js';

export interface VastBid {
  adm?: string;
  nurl?: string;
}

/** A CDATA section around `text`, a `]]>` inside split so the section stays closed. */
function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** G's redirect wrapper around a nurl, with the tracker as its impression. */
export function nurlWrapperVast(nurl: string, trackerUrl: string): string {
  return (
    '<VAST version="3.0"><Ad><Wrapper><AdSystem>prebid.org wrapper</AdSystem>' +
    `<VASTAdTagURI>${cdata(nurl)}</VASTAdTagURI>${impressionElement(trackerUrl)}` +
    '<Creatives></Creatives></Wrapper></Ad></VAST>'
  );
}

/**
 * The bid's new adm with the tracker, or undefined when it stays as it is: no adm and no nurl, or an
 * adm without an InLine/Wrapper element to carry the tracker. Callers check media type and policy.
 */
export function injectVastTracker(bid: VastBid, trackerUrl: string): string | undefined {
  if (typeof bid.adm === 'string' && bid.adm !== '') {
    const out = insertImpressionTracker(bid.adm, trackerUrl);
    return out.modified ? out.vast : undefined;
  }
  if (typeof bid.nurl === 'string' && bid.nurl !== '') return nurlWrapperVast(bid.nurl, trackerUrl);
  return undefined;
}
