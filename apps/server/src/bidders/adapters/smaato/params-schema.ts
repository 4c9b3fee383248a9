// Smaato params (imp.ext.bidder), as a JSON Schema: the publisher id and an adspace id (or an ad break id for pods).
export const paramsSchema: Record<string, unknown> = {
  title: 'Smaato params',
  description: 'the publisher id and an adspace id (or an ad break id for pods).',
  type: 'object',
  properties: {
    publisherId: {
      type: 'string',
    },
    adspaceId: {
      type: 'string',
    },
    adbreakId: {
      type: 'string',
    },
  },
  required: ['publisherId'],
  anyOf: [
    {
      required: ['adspaceId'],
    },
    {
      required: ['adbreakId'],
    },
  ],
};
