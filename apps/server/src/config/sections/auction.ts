// Auction behaviour: deadlines, blocked accounts/apps, account policy, the host default request.
// Owned by the auction core (contract "POST /openrtb2/auction", notes §7).
import { Type } from '@sinclair/typebox';
import { section } from '@gavel/common';
import { tmaxAdjustmentsSection } from '../../tmax/config-section.js';

export const auctionSection = {
  auction: section(
    {
      'tmax-default-ms': Type.Integer({
        minimum: 1,
        default: 1000,
        description: 'Auction tmax when the request gives none (or 0)',
      }),
      'tmax-max-ms': Type.Integer({
        minimum: 1,
        default: 5000,
        description: 'Upper bound of any request tmax',
      }),
      'tmax-margin-ms': Type.Integer({
        minimum: 0,
        default: 20,
        description:
          'Safety margin subtracted from tmax for bidder calls: time left to rank, cache and answer',
      }),
      ...tmaxAdjustmentsSection,
      'generate-bid-id': Type.Boolean({
        default: false,
        description:
          'Give every bid a fresh UUID in bid.ext.<ns>.bidid and use it as b= of its event URLs (upstream default false)',
      }),
      'debug-disabled-warning': Type.Union(
        [Type.Literal('when-account-disallows'), Type.Literal('unless-debugging')],
        {
          default: 'when-account-disallows',
          description:
            'Warning 10002 "debug turned off for account": only for accounts that disallow debug, or on every response that does not debug (upstream Go)',
        },
      ),
      'host-schain-node': Type.Optional(
        Type.Object(
          {
            asi: Type.String({ minLength: 1 }),
            sid: Type.String({ minLength: 1 }),
            rid: Type.Optional(Type.String()),
            name: Type.Optional(Type.String()),
            domain: Type.Optional(Type.String()),
            hp: Type.Integer({ minimum: 0, maximum: 1 }),
          },
          {
            description:
              "The host's supply-chain node, appended to every bidder's source.schain (a new ver 1.0 chain when the request has none)",
          },
        ),
      ),
      'invalid-bidders': Type.Union([Type.Literal('drop'), Type.Literal('reject')], {
        default: 'drop',
        description:
          'An unknown bidder code or invalid bidder params in imp.ext: `drop` leaves that bidder out with a warning (an imp with no valid bidder left is dropped too; upstream Java), `reject` answers 400 (upstream Go). Accounts override it with `invalid_bidders`',
      }),
      'blocked-apps': Type.Array(Type.String(), {
        default: [],
        description: 'app.id values answered with 503',
      }),
      'blocked-accounts': Type.Array(Type.String(), {
        default: [],
        description: 'Account ids (site/app publisher id) answered with 503',
      }),
      'account-required': Type.Boolean({
        default: false,
        description: 'Reject (503) auction requests that carry no account id',
      }),
      'default-request': Type.String({
        default: '',
        description:
          'JSON text of a host default request merged under every request (RFC 7386, request values win) after stored data; empty = none',
      }),
      'turn-budget-ms': Type.Number({
        minimum: 0,
        default: 1,
        description:
          'Auction requests start in arrival order from a queue that runs at most this much work per event-loop turn, the rest in the next turns: Node accepts one new connection per turn, so on a busy server a burst of new connections otherwise waits in the listen queue for hundreds of ms (docs/performance.md). 0 = each request starts as soon as its body is read',
      }),
      'bidder-connections': Type.Integer({
        minimum: 1,
        default: 64,
        description: 'Keep-alive sockets per bidder origin',
      }),
      'bidder-keepalive-ms': Type.Integer({
        minimum: 1,
        default: 30000,
        description: 'How long an idle bidder socket is kept open',
      }),
      'bidder-max-response-bytes': Type.Integer({
        minimum: 1024,
        default: 4194304,
        description:
          "Largest bidder response body: a call whose body passes it is cut at once and reported as the bidder's error (bad server response). 4 MiB is ~10x a large multi-bid video answer",
      }),
      'bidder-linger-ms': Type.Integer({
        minimum: 0,
        default: 1000,
        description:
          'How long a bidder call that missed the deadline may finish in the background so its socket is reused rather than destroyed',
      }),
      'gzip-enabled': Type.Boolean({
        default: true,
        description: 'Accept gzip bodies (Content-Encoding: gzip or ?gzip=1)',
      }),
    },
    'Auction',
  ),
};
