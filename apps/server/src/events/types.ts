// The event record handed to the analytics seam (contract "Events", "GET /event"; notes §5).
// The contract leaves the analytics payload open ("not shown"); this is Gavel's shape.

export type EventType = 'win' | 'imp';

/** `b`: 200 empty body; `i`: 200 1x1 PNG. */
export type EventFormat = 'b' | 'i';

export interface EventRecord {
  type: EventType;
  /** `b`: the bid id to join the event with auction analytics. */
  bidId: string;
  /** `a` */
  accountId: string;
  /** `bidder` */
  bidder: string;
  /** `ts`: auction timestamp in ms since the epoch, when given. */
  timestamp?: number;
  /** `int`: the integration (client) that fired the event, when given. */
  integration?: string;
  /** `aid`: the auction id, when given. */
  auctionId?: string;
}
