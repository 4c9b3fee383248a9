// The turn queue: arrival order, the budget per check phase (the promise jobs a task queues
// included), the loop's next turn starting between.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTurnQueue } from './turn-queue.js';

/** A clock the tasks advance: each task "costs" what it adds. */
function fakeClock() {
  let t = 0;
  return { now: () => t, spend: (ms: number) => (t += ms) };
}

/** From the first task: an immediate queued in a check phase runs at the start of the next turn's. */
function nextTurn(i: number, seen: string[]): void {
  if (i === 0) setImmediate(() => seen.push('next turn'));
}

/** Twenty turns of the loop (by check phases, not by the clock: a loaded machine delays timers). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

test('budget 0: every task runs at once, in the caller', () => {
  const q = createTurnQueue({ budgetMs: 0 });
  const seen: number[] = [];
  q.run(() => seen.push(1));
  q.run(() => seen.push(2));
  assert.deepEqual(seen, [1, 2]);
});

test('tasks run after the caller, in arrival order, the whole budget in one turn', async () => {
  const clock = fakeClock();
  const q = createTurnQueue({ budgetMs: 10, now: clock.now });
  const seen: string[] = [];
  for (let i = 0; i < 5; i++) q.run(() => (clock.spend(1), seen.push(`task${i}`), nextTurn(i, seen)));
  assert.deepEqual(seen, []);
  await settle();
  // Within the budget: all five ran in this check phase, before the next turn's.
  assert.deepEqual(seen, ['task0', 'task1', 'task2', 'task3', 'task4', 'next turn']);
});

test('past the budget the rest waits for the next turn: the loop runs its other phases between', async () => {
  const clock = fakeClock();
  const q = createTurnQueue({ budgetMs: 2.5, now: clock.now });
  const seen: string[] = [];
  for (let i = 0; i < 7; i++) q.run(() => (clock.spend(1), seen.push(`task${i}`), nextTurn(i, seen)));
  await settle();
  assert.deepEqual(seen, ['task0', 'task1', 'task2', 'next turn', 'task3', 'task4', 'task5', 'task6']);
});

test('new tasks queue behind the ones a spent turn left over', async () => {
  const clock = fakeClock();
  const q = createTurnQueue({ budgetMs: 1.5, now: clock.now });
  const seen: string[] = [];
  q.run(() => (clock.spend(1), seen.push('a')));
  q.run(() => (clock.spend(1), seen.push('b')));
  q.run(() => {
    clock.spend(1);
    seen.push('c');
    q.run(() => seen.push('late'));
  });
  await settle();
  assert.deepEqual(seen, ['a', 'b', 'c', 'late']);
});

test("a task's promise jobs count against the turn's budget", async () => {
  const clock = fakeClock();
  const q = createTurnQueue({ budgetMs: 2, now: clock.now });
  const seen: string[] = [];
  q.run(() => {
    seen.push('a');
    nextTurn(0, seen);
    void Promise.resolve().then(() => clock.spend(5));
  });
  q.run(() => seen.push('b'));
  await settle();
  assert.deepEqual(seen, ['a', 'next turn', 'b']);
});

test('a long backlog costs a few immediates per turn, not one per waiting task', async () => {
  const clock = fakeClock();
  let deferred = 0;
  const defer = (fn: () => void): void => {
    deferred++;
    setImmediate(fn);
  };
  const q = createTurnQueue({ budgetMs: 2.5, now: clock.now, defer });
  const seen: number[] = [];
  const n = 300;
  for (let i = 0; i < n; i++) q.run(() => (clock.spend(1), seen.push(i)));
  while (seen.length < n) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    seen,
    Array.from({ length: n }, (_, i) => i),
  );
  // One immediate per task as it arrives, then a sentinel and ~budget/cost pumps per turn (~100
  // turns of 3): ~800. Re-queuing every waiting task each turn would take ~15,000.
  assert.ok(deferred < 3 * n, `${deferred} immediates`);
});
