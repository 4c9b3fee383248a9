// Stored-data settings (stored requests, imps, responses, accounts). Owned by the stored-data module.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';

export const settingsSection = {
  settings: section(
    {
      'generate-storedrequest-bidrequest-id': Type.Boolean({
        default: false,
        description: 'Replace the id of a request built from a stored request with a fresh UUID',
      }),
    },
    'Stored data',
  ),
};
