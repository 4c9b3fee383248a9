// AMP endpoint settings; key names are fixed by the contract ("AMP", rule 4).
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const ampSection = {
  amp: section(
    {
      'default-timeout-ms': Type.Integer({
        minimum: 1,
        default: 1000,
        description:
          'AMP auction timeout when the slot gives none (the smaller of this and timeoutMillis is used)',
      }),
      'timeout-adjustment-ms': Type.Integer({
        minimum: 0,
        default: 0,
        description: 'Subtracted from the passed timeout to account for network latency',
      }),
      'max-timeout-ms': Type.Integer({
        minimum: 1,
        default: 5000,
        description: 'Upper bound of any AMP timeout',
      }),
    },
    'AMP (GET /openrtb2/amp)',
  ),
};
