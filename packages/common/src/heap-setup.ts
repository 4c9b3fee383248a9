// V8 settings read when a heap is set up, not later: the process that starts the serving thread or
// the cluster workers sets them before their heaps exist (flags for this process, command-line flags
// for workers). A heap that already exists — the main thread's — keeps what it started with.
//
// - The memory reducer: once a heap's allocation rate looks idle (a lightly loaded server's does), it
//   runs mark-compacts that shrink the heap, the young generation included, back to its minimum. The
//   young generation the server was given (young-generation-mb) is then gone for minutes: scavenges
//   every ~80 ms instead of every ~1.3 s at 113 auctions a second, each promoting requests in flight.
// - The old generation's starting size (--initial-old-space-size): V8 starts a full mark-compact
//   whenever the old generation's room below its next limit is smaller than the young generation's
//   capacity. With a large young generation over the ~35 MB a server keeps live, that is after nearly
//   every scavenge at light load: a 15–30 ms marking step on the serving thread every few seconds.
// (docs/operations.md)
import { nodeWasGiven, offFlags, setV8Flags } from './node-flags.js';

export interface HeapSetup {
  /** `v8-memory-reducer`: false turns V8's memory reducer off. */
  memoryReducer: boolean;
  /** `v8-initial-old-space-mb`: 0 leaves V8's default. */
  initialOldSpaceMb: number;
}

/** The memory reducer's flag; none when it stays on or node was given the flag. */
export function memoryReducerFlags(enabled: boolean): string[] {
  return offFlags('memory-reducer', enabled);
}

/** The old generation's starting size; none for 0 (V8's default) or when node was given the flag. */
export function initialOldSpaceFlags(mb: number): string[] {
  if (mb <= 0 || nodeWasGiven(/--initial-old-space-size(=|\s|$)/)) return [];
  return [`--initial-old-space-size=${mb}`];
}

/** The V8 flags for heaps set up from now on (cluster workers' command lines). */
export function heapSetupFlags(s: HeapSetup): string[] {
  return [...memoryReducerFlags(s.memoryReducer), ...initialOldSpaceFlags(s.initialOldSpaceMb)];
}

/** Sets them for this process, before a serving thread's heap exists; false when nothing was set. */
export function applyHeapSetup(s: HeapSetup): boolean {
  return setV8Flags(heapSetupFlags(s));
}
