// Host settings of user sync (contract "The uids cookie", "POST /cookie_sync", "GET /setuid";
// notes §2–§4): the `uids` cookie's attributes, size cap and opt-out cookie; cookie-sync defaults.
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';
import { optoutSection } from '../../usersync/optout-config.js';

export const usersyncSection = {
  'host-cookie': section(
    {
      domain: Type.String({
        default: '',
        description: 'Domain attribute of the uids cookie; empty = the host the browser called',
      }),
      'ttl-days': Type.Integer({
        minimum: 1,
        default: 90,
        description: 'Lifetime of the uids cookie in the browser (Max-Age/Expires), in days',
      }),
      'max-cookie-size-bytes': Type.Integer({
        minimum: 0,
        default: 4096,
        description:
          'Largest `uids=<value>` a /setuid may write (0 = unlimited, else at least 500); the oldest IDs are ejected to fit',
      }),
      'optout-cookie': section(
        {
          name: Type.String({ default: '', description: 'Name of the opt-out cookie; empty = none' }),
          value: Type.String({ default: '', description: 'Value that marks the user as opted out' }),
        },
        'Opt-out cookie: when the request carries it with this value, syncs and /setuid answer 401',
      ),
    },
    'The `uids` cookie of the host domain',
  ),
  'user-sync': section(
    {
      'coop-sync-default': Type.Boolean({
        default: false,
        description: 'POST /cookie_sync without coopSync: add unsynced bidders not on the page',
      }),
      'default-limit': Type.Integer({
        minimum: 0,
        default: 8,
        description: 'Sync URL count when the request gives no positive limit (0 = unlimited)',
      }),
      'external-url': Type.Optional(
        Type.String({ description: 'Base URL of /setuid in sync redirects; default: external-url' }),
      ),
      ...optoutSection,
    },
    'Cookie sync (POST /cookie_sync, GET /setuid)',
  ),
};
