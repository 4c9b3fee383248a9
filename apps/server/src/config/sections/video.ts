// Video ad-pod endpoint settings (contract "POST /openrtb2/video"; notes §14). Enabled by default:
// the contract describes a live endpoint (upstream disables its deprecated one; docs/decisions.md).
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const videoSection = {
  video: section(
    {
      enabled: Type.Boolean({
        default: true,
        description: 'Serve POST /openrtb2/video; false answers 501',
      }),
      'stored-request-required': Type.Boolean({
        default: false,
        description: 'Refuse video requests without a storedrequestid',
      }),
      'max-imps': Type.Integer({
        minimum: 1,
        default: 500,
        description:
          'Most imps the pods of one video request may make (one per slot: adpoddurationsec / the shortest durationrangesec); more is a 400 naming the pod (G and J: no bound)',
      }),
      'default-tmax-ms': Type.Integer({
        minimum: 1,
        default: 5000,
        description: 'tmax of the built auction when the video request gives none (G: 5000)',
      }),
    },
    'Video ad pods (POST /openrtb2/video)',
  ),
};
