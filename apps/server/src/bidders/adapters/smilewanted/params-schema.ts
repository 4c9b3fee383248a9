// SmileWanted params (imp.ext.bidder): the zone code.
export const paramsSchema: Record<string, unknown> = {
  title: 'SmileWanted Adapter Params',
  type: 'object',
  properties: {
    zoneId: { type: 'string', minLength: 1, description: 'SmileWanted zone code' },
  },
  required: ['zoneId'],
};
