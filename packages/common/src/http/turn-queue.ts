// Work of one event-loop turn, bounded. libuv (≥ 1.45, Node 20) accepts one pending connection per
// loop turn, and a turn lasts as long as the work its poll phase found: on a busy server a burst of
// new connections waits in the listen queue for many turns of tens of ms each (docs/performance.md,
// 2026-11-29). Requests handed to a turn queue run from the check phase, in arrival order, until
// `budgetMs` of the turn has gone; the rest waits for the next turn, so the loop polls again — and
// accepts — every `budgetMs` or so however much is queued. Each task runs from its own immediate,
// so the promise jobs it queues (an async handler's work up to its first real wait) run, and are
// counted, before the next task starts.

export interface TurnQueue {
  /** Runs `task` in this turn's check phase, or a later turn's once the budget is spent. */
  run(task: () => void): void;
}

export interface TurnQueueOptions {
  /** Work per turn before the rest is left to the next one; 0 = run every task at once. */
  budgetMs: number;
  /** Monotonic milliseconds (tests). */
  now?: () => number;
}

export function createTurnQueue(options: TurnQueueOptions): TurnQueue {
  const { budgetMs } = options;
  if (budgetMs <= 0) return { run: (task) => task() };
  const now = options.now ?? (() => performance.now());
  let phaseStart = 0;
  let sentinelQueued = false;
  // The first immediate of each check phase that has tasks: it starts the phase's budget.
  const openPhase = (): void => {
    sentinelQueued = false;
    phaseStart = now();
  };
  const schedule = (task: () => void): void => {
    if (!sentinelQueued) {
      sentinelQueued = true;
      setImmediate(openPhase);
    }
    setImmediate(runOrDefer, task);
  };
  // Immediates queued from the check phase run in the next turn's, after that turn's poll phase.
  const runOrDefer = (task: () => void): void => {
    if (now() - phaseStart >= budgetMs) schedule(task);
    else task();
  };
  return { run: schedule };
}
