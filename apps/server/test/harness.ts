// Test harness for the auction server: config from the schema defaults (plus overrides), a silent
// logger, a manual clock and sequential ids, and a scripted bidder transport.
import { createLogger, createManualClock, createSequentialIds, loadConfig } from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX, type ServerConfig } from '../src/config/schema.js';
import { createApp, type ServerApp, type ServerDeps } from '../src/app.js';
import type { BidderTransport, TransportResult } from '../src/bidders/transport.js';
import type { OutgoingRequest } from '../src/bidders/types.js';

export function testConfig(overrides: Record<string, unknown> = {}, argv: string[] = []): ServerConfig {
  return loadConfig(ServerConfigSchema, {
    argv,
    env: {},
    envPrefix: SERVER_ENV_PREFIX,
    // Tests never reach the internet: no vendor-list fetching unless a test turns it on.
    // Nor currency rates: the default rates URL is the public currency file.
    overrides: [
      { privacy: { gdpr: { vendorlist: { enabled: false } } }, currency: { 'rates-url': '' } },
      overrides,
    ],
  }).config;
}

export type Script = (req: OutgoingRequest) => TransportResult | Promise<TransportResult>;

/** A transport that answers from a script and records every request. */
export function scriptedTransport(script: Script): BidderTransport & { sent: OutgoingRequest[] } {
  const sent: OutgoingRequest[] = [];
  return {
    sent,
    async send(req) {
      sent.push(req);
      return script(req);
    },
    async close() {},
  };
}

export function jsonResponse(status: number, body: unknown): TransportResult {
  return {
    kind: 'response',
    response: { status, headers: {}, body: typeof body === 'string' ? body : JSON.stringify(body) },
  };
}

export async function buildTestApp(config: ServerConfig, deps: Partial<ServerDeps> = {}): Promise<ServerApp> {
  return createApp(config, {
    logger: createLogger({ level: 'silent', name: 'test' }),
    version: { version: 'test', revision: 'test' },
    clock: createManualClock(1_700_000_000_000),
    ids: createSequentialIds(),
    ...deps,
  });
}

/** A standard OpenRTB answer bidding on imp[0] of the request it got. */
export function bidFor(
  req: OutgoingRequest,
  price: number,
  extra: Record<string, unknown> = {},
): TransportResult {
  const body = JSON.parse(req.body ?? '{}') as { id: string; imp: { id: string }[] };
  return jsonResponse(200, {
    id: body.id,
    cur: 'USD',
    seatbid: [
      {
        bid: [
          {
            id: `bid-${body.imp[0]?.id}`,
            impid: body.imp[0]?.id,
            price,
            w: 300,
            h: 250,
            crid: 'c',
            ...extra,
          },
        ],
      },
    ],
  });
}
