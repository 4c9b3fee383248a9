// FreeWheel SSP params (imp.ext.bidder): the zone, as a number or a numeric string.
export const paramsSchema: Record<string, unknown> = {
  title: 'FreewheelSSP Adapter Params',
  type: 'object',
  properties: {
    zoneId: { type: ['integer', 'string'], description: 'Zone id' },
  },
  required: ['zoneId'],
};
