// IMDS params (imp.ext.bidder): the seat (account) and the tag the imp is sold as.
export const paramsSchema: Record<string, unknown> = {
  title: 'iMedia Digital Services (IMDS) Adapter Params',
  type: 'object',
  properties: {
    seatId: { type: 'string', description: 'Seat id' },
    tagId: { type: 'string', description: 'Tag id' },
  },
  required: ['seatId'],
};
