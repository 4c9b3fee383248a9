// The analytics seam of GET /event (contract "Events" item 1): an event is counted, logged at debug and
// handed to the analytics adapters as a notification (analytics/).
import { Counter, type Registry } from 'prom-client';
import type { Logger } from '@gavel/common';
import type { EventRecord } from './types.js';

export interface EventRecorder {
  recordEvent(event: EventRecord): void;
}

export interface EventRecorderOptions {
  logger: Logger;
  registry: Registry;
  /** Bounded `bidder` label: codes the server does not know are counted as `unknown`. */
  isKnownBidder: (bidder: string) => string | undefined;
  prefix?: string;
  /** The analytics notification sink (`analytics.record`); absent → none. */
  notify?: (event: EventRecord) => void;
}

export function createEventRecorder(o: EventRecorderOptions): EventRecorder {
  const counter = new Counter({
    name: `${o.prefix ?? 'gavel_'}events_total`,
    help: 'Win and impression events received on GET /event, by type and bidder',
    labelNames: ['type', 'bidder'] as const,
    registers: [o.registry],
  });
  return {
    recordEvent(event) {
      counter.inc({ type: event.type, bidder: o.isKnownBidder(event.bidder) ?? 'unknown' });
      o.logger.debug({ event }, 'event');
      o.notify?.(event);
    },
  };
}
