// V8's memory reducer: once a heap's allocation rate looks idle (a lightly loaded server's does), it
// runs mark-compacts that shrink the heap, the young generation included, back to its minimum. The
// young generation the server was given (young-generation-mb) is then gone for minutes: scavenges
// every ~80 ms instead of every ~1.3 s at 113 auctions a second, each catching requests in flight and
// promoting their objects, and CPU per auction up by a half until it has grown back (docs/operations.md).
// The flag is process-wide and read whenever the reducer would start.
import { offFlags, setV8Flags } from './node-flags.js';

/** The V8 flag for the setting; none when the memory reducer stays on or node was given the flag. */
export function memoryReducerFlags(enabled: boolean): string[] {
  return offFlags('memory-reducer', enabled);
}

/** Turns V8's memory reducer off for this process; false when nothing was set. */
export function applyMemoryReducer(enabled: boolean): boolean {
  return setV8Flags(memoryReducerFlags(enabled));
}
