// Sync URLs (contract "POST /cookie_sync" response; notes §3 "Sync URL construction"): the bidder's
// URL with `{{gdpr}}`, `{{gdpr_consent}}`, `{{us_privacy}}`, `{{gpp}}`, `{{gpp_sid}}` and
// `{{redirect_url}}` = `<external-url>/setuid?bidder=..&gdpr=..&gdpr_consent=..&us_privacy=..&f=b|i&uid=<macro>`.
import type { Syncer, SyncType } from './syncers.js';

export interface SyncPrivacyParams {
  /** '0', '1' or '' (unknown). */
  gdpr: string;
  gdprConsent: string;
  usPrivacy: string;
  gpp: string;
  gppSid: string;
}

/** The /setuid callback the bidder redirects to (the uid macro is left for the bidder to fill). */
export function setuidCallback(
  externalUrl: string,
  syncer: Syncer,
  type: SyncType,
  p: SyncPrivacyParams,
): string {
  const endpoint = syncer[type];
  const q = (v: string) => encodeURIComponent(wellFormed(v));
  const base = externalUrl.replace(/\/+$/, '');
  return (
    `${base}/setuid?bidder=${q(syncer.bidder)}&gdpr=${q(p.gdpr)}&gdpr_consent=${q(p.gdprConsent)}` +
    `&us_privacy=${q(p.usPrivacy)}&f=${type === 'iframe' ? 'b' : 'i'}&uid=${endpoint?.userMacro ?? ''}`
  );
}

/** The URL the client fires; undefined when the syncer has no endpoint of that type. */
export function buildSyncUrl(
  externalUrl: string,
  syncer: Syncer,
  type: SyncType,
  p: SyncPrivacyParams,
): string | undefined {
  const endpoint = syncer[type];
  if (!endpoint) return undefined;
  const macros: Record<string, string> = {
    gdpr: p.gdpr,
    gdpr_consent: p.gdprConsent,
    us_privacy: p.usPrivacy,
    gpp: p.gpp,
    gpp_sid: p.gppSid,
    redirect_url: setuidCallback(externalUrl, syncer, type, p),
  };
  // Every value is percent-encoded where it lands: inside a query parameter of the bidder's URL.
  return endpoint.url.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const v = macros[name];
    return v === undefined ? whole : encodeURIComponent(wellFormed(v));
  });
}

/** Lone UTF-16 surrogates (which encodeURIComponent throws on) as U+FFFD, as String#toWellFormed does. */
function wellFormed(v: string): string {
  return v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
