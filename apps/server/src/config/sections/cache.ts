// Cache client and cache TTL settings (contract "Caching", "Limits"). Owned by the money path.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

const ttl = (d: number, what: string) =>
  Type.Integer({ minimum: 0, default: d, description: `Host default cache TTL in seconds for ${what} bids` });

export const cacheSection = {
  cache: section(
    {
      scheme: Type.Union([Type.Literal('http'), Type.Literal('https')], {
        default: 'http',
        description: 'Scheme of the internal call to the cache service',
      }),
      host: Type.String({
        default: '',
        description:
          'host[:port] of the cache service for the internal call; empty = caching off (errors when asked)',
      }),
      path: Type.String({ default: '/cache', description: 'Path of POST on the cache service' }),
      'public-scheme': Type.String({
        default: 'https',
        description: 'Scheme of the retrieval URLs given to callers',
      }),
      'public-host': Type.String({
        default: '',
        description: 'hb_cache_host and the host of retrieval URLs; empty = the same as cache.host',
      }),
      'public-path': Type.String({
        default: '/cache',
        description: 'hb_cache_path and the path of retrieval URLs',
      }),
      'timeout-ms': Type.Integer({
        minimum: 1,
        default: 200,
        description:
          "The cache call's own slice of time after the bidders answered (a cold keep-alive connection on a busy host needs more than 50 ms)",
      }),
      connections: Type.Integer({
        minimum: 1,
        default: 32,
        description: 'Keep-alive connections to the cache',
      }),
      'targeting-host-path': Type.Union([Type.Literal('cached-only'), Type.Literal('always')], {
        default: 'cached-only',
        description:
          'hb_cache_host/hb_cache_path: only on bids that got a cache id (contract, upstream Java), or on every targeted bid (upstream Go)',
      }),
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
