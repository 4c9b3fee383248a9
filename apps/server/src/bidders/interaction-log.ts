// HTTP interaction logging (issue 23; upstream Java HttpInteractionLogger): once armed by
// /logging/httpinteraction, the next `limit` bidder HTTP calls that match the spec (endpoint,
// account, bidder, bidder answer status) are logged at info with their request and response.
// One process-wide instance; while disarmed the auction pays one boolean check per bidder.
import type { Logger } from '@gavel/common';
import { withProps } from '@gavel/common';
import type { BidderTransport, TransportResult } from './transport.js';
import type { OutgoingRequest } from './types.js';

export const INTERACTION_ENDPOINTS = ['auction', 'amp', 'video'] as const;
export type InteractionEndpoint = (typeof INTERACTION_ENDPOINTS)[number];

export interface InteractionSpec {
  endpoint?: InteractionEndpoint;
  /** HTTP status of the bidder's answer. */
  statusCode?: number;
  account?: string;
  bidder?: string;
  limit: number;
}

/** What the hook knows of the auction a bidder call belongs to. */
export interface InteractionAuction {
  endpoint: string;
  account: { id: string };
}

function resultFields(result: TransportResult): Record<string, unknown> {
  if (result.kind === 'timeout') return { outcome: 'timeout' };
  if (result.kind === 'failure') return { outcome: 'failure', error: result.message };
  return { outcome: 'response', status: result.response.status, responseBody: result.response.body };
}

export class InteractionLog {
  /** The hot-path check: false unless an interaction spec is armed. */
  armed = false;
  #spec: InteractionSpec | undefined;
  #logged = 0;
  #logger: Logger | undefined;

  arm(spec: InteractionSpec, logger: Logger): void {
    this.#spec = spec;
    this.#logged = 0;
    this.#logger = logger;
    this.armed = true;
  }

  disarm(): void {
    this.#spec = undefined;
    this.armed = false;
  }

  /** The bidder-call env to use for this bidder: its transport logs the calls the spec selects. */
  envFor<E extends { transport: BidderTransport }>(env: E, bidder: string, auction: InteractionAuction): E {
    const spec = this.#spec;
    if (!spec) return env;
    if (spec.endpoint !== undefined && spec.endpoint !== auction.endpoint) return env;
    if (spec.account !== undefined && spec.account !== auction.account.id) return env;
    if (spec.bidder !== undefined && spec.bidder !== bidder) return env;
    const inner = env.transport;
    const transport: BidderTransport = {
      send: async (req, timeoutMs, wire) => {
        const result = await inner.send(req, timeoutMs, wire);
        this.#record(spec, req, result, { bidder, auction });
        return result;
      },
      close: () => inner.close(),
    };
    return withProps(env, { transport } as Partial<E>);
  }

  #record(
    spec: InteractionSpec,
    req: OutgoingRequest,
    result: TransportResult,
    at: { bidder: string; auction: InteractionAuction },
  ): void {
    // A newer spec (or the limit reached) since this call started: not counted against it.
    if (this.#spec !== spec) return;
    const status = result.kind === 'response' ? result.response.status : undefined;
    if (spec.statusCode !== undefined && spec.statusCode !== status) return;
    this.#logged += 1;
    if (this.#logged >= spec.limit) this.disarm();
    this.#logger?.info(
      Object.assign(
        {
          interaction: 'bidder',
          bidder: at.bidder,
          account: at.auction.account.id,
          endpoint: at.auction.endpoint,
          method: req.method,
          uri: req.uri,
          requestBody: req.body ?? '',
        },
        resultFields(result),
      ),
      'http interaction',
    );
  }
}

export const interactionLog = new InteractionLog();
