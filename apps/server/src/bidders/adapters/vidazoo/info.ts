// Vidazoo bidder info (endpoint, GVL id, capabilities, iframe user sync), from Vidazoo's published
// facts, plus the info of its hard aliases (white-label exchanges running on the Vidazoo stack).
import type { BidderInfo } from '../../info.js';
import { omitKeys, withProps } from '@gavel/common';

const SYNC_QUERY =
  'gdpr={{gdpr}}&gdpr_consent={{gdpr_consent}}&us_privacy={{us_privacy}}&redirect={{redirect_url}}' +
  '&gpp={{gpp}}&gpp_sid={{gpp_sid}}';

function iframeSync(url: string): BidderInfo['userSync'] {
  return { iframe: { url: `${url}${SYNC_QUERY}`, userMacro: '${userId}' } };
}

export const info: BidderInfo = {
  endpoint: 'https://prebidsrvr.cootlogix.com/openrtb/',
  enabled: true,
  maintainer: { email: 'dev@vidazoo.com' },
  gvlVendorId: 744,
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
  openrtbVersion: '2.6',
  userSync: iframeSync('https://sync.cootlogix.com/api/user/html/pbs_sync?'),
};

interface AliasFacts {
  endpoint: string;
  email: string;
  gvlVendorId?: number;
  syncId: string;
  syncHost: string;
}

/** An alias: its own endpoint, maintainer, GVL id (never inherited) and sync; the rest is Vidazoo's. */
function aliasInfo(facts: AliasFacts): BidderInfo {
  const base = withProps(info, {
    aliasOf: 'vidazoo',
    endpoint: facts.endpoint,
    maintainer: { email: facts.email },
    userSync: iframeSync(`https://${facts.syncHost}/api/user/html/${facts.syncId}?pbs=true&`),
  });
  return facts.gvlVendorId === undefined
    ? omitKeys(base, ['gvlVendorId'])
    : withProps(base, { gvlVendorId: facts.gvlVendorId });
}

export const adnimationInfo = aliasInfo({
  endpoint: 'https://exchange.adnimation.com/openrtb/',
  email: 'prebid@adnimation.com',
  syncHost: 'sync.adnimation.com',
  syncId: '697a076271875e8907df35a6',
});

export const apesterInfo = aliasInfo({
  endpoint: 'https://bidder.apester.com/openrtb/',
  email: 'info@apester.com',
  gvlVendorId: 354,
  syncHost: 'sync.apester.com',
  syncId: '699dad2322a7fa644e1d8bf7',
});

export const omnidexInfo = aliasInfo({
  endpoint: 'https://exchange.omni-dex.io/openrtb/',
  email: 'dev@vidazoo.com',
  gvlVendorId: 1463,
  syncHost: 'sync.omni-dex.io',
  syncId: '6810d0c7f163277130f3d7a9',
});

export const programmaticXInfo = aliasInfo({
  endpoint: 'https://exchange.programmaticx.ai/openrtb/',
  email: 'pxteam@programmaticx.ai',
  gvlVendorId: 1344,
  syncHost: 'sync.programmaticx.ai',
  syncId: '685297194d85991a5e6e36dd',
});

export const tagorasInfo = aliasInfo({
  endpoint: 'https://exchange.tagoras.io/openrtb/',
  email: 'prebid@tagoras.io',
  gvlVendorId: 1450,
  syncHost: 'sync.tagoras.io',
  syncId: '6819bdc3e6bb44545c55f843',
});
