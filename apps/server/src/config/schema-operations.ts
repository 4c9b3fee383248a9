// Operations keys of the auction server (issue 23): admin actions over the cluster, the temporary
// log level and HTTP interaction logging (upstream Java's `logging.*`), response compression.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const operationsSection = {
  'admin-actions': section(
    {
      'timeout-ms': Type.Integer({
        minimum: 1,
        default: 5000,
        description:
          'How long an admin action (stored invalidation, rates refresh, log level, interaction logging) or a /metrics scrape waits for every worker; a worker that has not answered by then is named in a 503',
      }),
      'changelevel-max-duration-ms': Type.Integer({
        minimum: 1,
        default: 60000,
        description:
          'Longest `duration` of GET /logging/changelevel (upstream Java logging.change-level.max-duration-ms)',
      }),
      'httpinteraction-max-limit': Type.Integer({
        minimum: 1,
        default: 10000,
        description:
          'Largest `limit` of GET /logging/httpinteraction (upstream Java logging.http-interaction.max-limit)',
      }),
    },
    'Admin actions and log controls (admin port; applied on every worker)',
  ),
  compression: section(
    {
      response: section(
        {
          enabled: Type.Boolean({
            default: true,
            description:
              'gzip the answers of the auction, AMP, video and cookie-sync endpoints when the client sends Accept-Encoding: gzip (no cost otherwise)',
          }),
          'min-bytes': Type.Integer({
            minimum: 0,
            default: 1024,
            description: 'Answers shorter than this are sent uncompressed',
          }),
        },
        'Response compression',
      ),
    },
    'Compression',
  ),
};
