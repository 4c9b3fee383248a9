// Random decisions (G floors/rule.go selectFloorModelGroup, shouldSkipFloors; floors.go
// useFetchedData; enforce.go isSatisfiedByEnforceRate). Upstream draws integers with rand.Intn;
// randInt derives the same draw from the injected uniform `random()`.
import type { PriceFloorModelGroup, RandomFn } from './types.js';

/** Go's rand.Intn(n): an integer in [0, n). */
export function randInt(random: RandomFn, n: number): number {
  const r = random();
  if (!(r > 0)) return 0;
  return Math.min(n - 1, Math.floor(r * n));
}

/**
 * Picks one model group by weight (absent weight = 1): groups sorted by weight ascending (stable),
 * a draw in [0, total], the first group whose running weight reaches it; else the lightest.
 */
export function selectModelGroup(
  groups: readonly PriceFloorModelGroup[],
  random: RandomFn,
): PriceFloorModelGroup | undefined {
  if (groups.length <= 1) return groups[0];
  const weighted = groups.map((g) => ({ g, w: g.modelweight ?? 1 }));
  const total = weighted.reduce((s, x) => s + x.w, 0);
  weighted.sort((a, b) => a.w - b.w);
  let win = randInt(random, total + 1);
  for (const { g, w } of weighted) {
    win -= w;
    if (win <= 0) return g;
  }
  return weighted[0]?.g;
}

/** The first positive skip rate of model group, data, root decides; skip when rate >= draw(0..100). */
export function shouldSkip(
  rates: { modelGroup: number; data: number; root: number },
  random: RandomFn,
): boolean {
  const rate = rates.modelGroup > 0 ? rates.modelGroup : rates.data > 0 ? rates.data : rates.root;
  if (rate === 0) return false;
  return rate >= randInt(random, 101);
}

/** Fetched data's `usefetchdatarate`: absent → always; else draw(0..99) < rate. */
export function useFetchedData(rate: number | undefined, random: RandomFn): boolean {
  if (rate === undefined) return true;
  return randInt(random, 100) < rate;
}

/** Enforce when the draw(0..99) is under both the request's and the account's rate (0 = no limit). */
export function satisfiesEnforceRate(rates: { request: number; account: number }, random: RandomFn): boolean {
  const draw = randInt(random, 100);
  const byRequest = rates.request === 0 || draw < rates.request;
  const byAccount = rates.account === 0 || draw < rates.account;
  return byRequest && byAccount;
}
