// Beachfront params (imp.ext.bidder): one app id for every media type (`appId`) or one per type
// (`appIds`), an optional USD floor and the video answer format (`nurl`, else markup).
export const paramsSchema: Record<string, unknown> = {
  title: 'Beachfront Adapter Params',
  type: 'object',
  properties: {
    appId: { type: 'string', description: 'Inventory id applied to every media type of the imp' },
    appIds: {
      type: 'object',
      description: 'Inventory ids per media type',
      properties: {
        video: { type: 'string', description: 'Inventory id of the video request' },
        banner: { type: 'string', description: 'Inventory id of the banner request' },
      },
      anyOf: [{ required: ['video'] }, { required: ['banner'] }],
    },
    bidfloor: { type: 'number', description: 'Floor in USD; overrides a lower imp floor' },
    videoResponseType: { type: 'string', description: "Video answer format: 'nurl', else markup (adm)" },
  },
  oneOf: [{ required: ['appIds'] }, { required: ['appId'] }],
};
