// GET /event and POST /vtrack host settings (contract "GET /event", "POST /vtrack", "Events";
// notes §5–6). Account-level switches live in settings.default-account / the stored account.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const eventsSection = {
  events: section(
    {
      enabled: Type.Boolean({
        default: true,
        description: 'Serve GET /event (win/imp notifications); accounts still need events enabled',
      }),
    },
    'Win and impression events (GET /event)',
  ),
  vtrack: section(
    {
      enabled: Type.Boolean({ default: true, description: 'Serve POST /vtrack' }),
      'allow-unknown-bidder': Type.Boolean({
        default: true,
        description:
          "Insert the impression tracker into VAST of bidders this server does not know (known bidders need their info's modifyingVastXmlAllowed)",
      }),
      'default-ttl-seconds': Type.Integer({
        minimum: 0,
        default: 0,
        description: "TTL sent to the cache for puts without ttlseconds; 0 = none (the cache's default)",
      }),
      'timeout-ms': Type.Integer({
        minimum: 1,
        default: 1000,
        description:
          'Timeout of the cache call made by /vtrack (not an auction: no auction deadline applies)',
      }),
    },
    'VAST tracking and caching (POST /vtrack)',
  ),
};
