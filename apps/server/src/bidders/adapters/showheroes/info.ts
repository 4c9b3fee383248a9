// ShowHeroes bidder info (endpoint, GVL id, capabilities), from ShowHeroes' published facts;
// `showheroes-bs` and `showheroesBs` are hard aliases with the same facts.
import type { BidderInfo } from '../../info.js';
import { withProps } from '@gavel/common';

export const info: BidderInfo = {
  endpoint: 'https://ads.viralize.tv/openrtb2/auction/',
  enabled: true,
  maintainer: { email: 'tech@showheroes.com' },
  gvlVendorId: 111,
  endpointCompression: 'gzip',
  openrtbVersion: '2.6',
  capabilities: { site: ['banner', 'video'], app: ['banner', 'video'] },
};

export const aliasInfo: BidderInfo = withProps(info, { aliasOf: 'showheroes' });
