// Cache client and cache TTL settings (contract "Caching", "Limits"). Owned by the money path.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

const ttl = (d: number, what: string) =>
  Type.Integer({ minimum: 0, default: d, description: `Host default cache TTL in seconds for ${what} bids` });

export const cacheSection = {
  cache: section(
    {
      'default-ttl-seconds': section(
        {
          banner: ttl(300, 'banner'),
          video: ttl(1500, 'video'),
          native: ttl(300, 'native'),
          audio: ttl(1500, 'audio'),
        },
        'Host default TTLs per media type (last in the TTL order)',
      ),
    },
    'Caching bids and VAST in the cache service',
  ),
};
