// Work of one event-loop turn, bounded. libuv (≥ 1.45, Node 20) accepts one pending connection per
// loop turn, and a turn lasts as long as the work its poll phase found: on a busy server a burst of
// new connections waits in the listen queue for many turns of tens of ms each (docs/performance.md,
// 2026-11-29). Requests handed to a turn queue run from the check phase, in arrival order, until
// `budgetMs` of the turn has gone; the rest waits for the next turn, so the loop polls again — and
// accepts — every `budgetMs` or so however much is queued.
//
// Tasks wait in one FIFO; each turn's check phase runs "pumps" (immediates), each taking the oldest
// task. One pump runs one task, so the promise jobs a task queues (an async handler's work up to its
// first real wait) run — Node drains them between immediates — and count before the next pump looks
// at the clock. A pump that finds the budget spent leaves the task for the next turn, for which
// enough pumps are queued once per turn (what fits the budget at the tasks' measured cost): a long
// backlog costs a few immediates per turn, not one per waiting task.

export interface TurnQueue {
  /** Runs `task` in this turn's check phase, or a later turn's once the budget is spent. */
  run(task: () => void): void;
}

export interface TurnQueueOptions {
  /** Work per turn before the rest is left to the next one; 0 = run every task at once. */
  budgetMs: number;
  /** Monotonic milliseconds (tests). */
  now?: () => number;
  /** Schedules a callback for the check phase (tests count them); default `setImmediate`. */
  defer?: (fn: () => void) => void;
}

export function createTurnQueue(options: TurnQueueOptions): TurnQueue {
  const { budgetMs } = options;
  if (budgetMs <= 0) return { run: (task) => task() };
  const now = options.now ?? (() => performance.now());
  const defer = options.defer ?? ((fn: () => void) => void setImmediate(fn));
  const tasks = new Fifo();
  let phaseStart = 0;
  let lastStart = -1;
  // What one task costs with its promise jobs (moving average), to size the next turn's pumps.
  let taskMs = budgetMs / 4;
  let sentinelQueued = false;
  let nextTurnArmed = false;
  let pumpsPending = 0;

  // The first immediate of each check phase with pumps: it starts the phase's budget.
  const openPhase = (): void => {
    sentinelQueued = false;
    nextTurnArmed = false;
    phaseStart = now();
    lastStart = -1;
  };
  const ensureSentinel = (): void => {
    if (sentinelQueued) return;
    sentinelQueued = true;
    defer(openPhase);
  };
  // Called from a check phase: immediates queued now run in the next turn's.
  const armNextTurn = (): void => {
    if (nextTurnArmed || tasks.size === 0) return;
    nextTurnArmed = true;
    ensureSentinel();
    const pumps = Math.min(tasks.size, Math.ceil(budgetMs / Math.max(taskMs, 0.001)) + 1);
    for (let i = 0; i < pumps; i++) schedulePump();
  };
  const schedulePump = (): void => {
    pumpsPending++;
    defer(pump);
  };
  const pump = (): void => {
    pumpsPending--;
    if (tasks.size === 0) return;
    const t = now();
    if (lastStart >= 0) taskMs = 0.8 * taskMs + 0.2 * (t - lastStart);
    if (t - phaseStart >= budgetMs) {
      lastStart = -1;
      armNextTurn();
      return;
    }
    lastStart = t;
    const task = tasks.take();
    try {
      task();
    } finally {
      // More tasks than pumps still to come: the next turn gets its own.
      if (tasks.size > pumpsPending) armNextTurn();
    }
  };
  return {
    run(task) {
      tasks.put(task);
      ensureSentinel();
      schedulePump();
    },
  };
}

/** A FIFO of tasks with O(1) put and take (an array and a head index, compacted as it drains). */
class Fifo {
  private items: ((() => void) | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  put(task: () => void): void {
    this.items.push(task);
  }

  /** The oldest task; call only when size > 0. */
  take(): () => void {
    const task = this.items[this.head] as () => void;
    this.items[this.head++] = undefined;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return task;
  }
}
