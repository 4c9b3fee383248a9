// Ogury params (imp.ext.bidder): the site's asset key and the placement's ad unit id, both or neither
// (without them Ogury serves by publisher id and ad unit code).
export const paramsSchema: Record<string, unknown> = {
  title: 'Ogury Adapter Params',
  type: 'object',
  properties: {
    assetKey: { type: 'string', minLength: 1, description: 'Ogury id of the site' },
    adUnitId: { type: 'string', minLength: 1, description: 'Ogury id of the placement' },
  },
  dependencies: { assetKey: ['adUnitId'], adUnitId: ['assetKey'] },
};
