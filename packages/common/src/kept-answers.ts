// Answers kept per object, for lookups that depend only on an object nothing changes once built (a
// kept rule table, a kept floors model's values) and on a short string key: a WeakMap from the
// object to its answers, so they go with it. Each object keeps at most `maxPerOwner` answers; then
// its answers start over (a bound on what a stream of distinct keys can hold, not an LRU).

export class KeptAnswers<V> {
  private readonly byOwner = new WeakMap<object, Map<string, V | null>>();

  constructor(private readonly maxPerOwner: number) {}

  /** The answer kept for `key`: the value, null when the answer was "none", undefined when not known. */
  get(owner: object, key: string): V | null | undefined {
    return this.byOwner.get(owner)?.get(key);
  }

  /** Keeps `value` (undefined = "none") as the answer for `key`. */
  set(owner: object, key: string, value: V | undefined): void {
    let answers = this.byOwner.get(owner);
    if (answers === undefined) this.byOwner.set(owner, (answers = new Map<string, V | null>()));
    if (answers.size >= this.maxPerOwner && !answers.has(key)) answers.clear();
    answers.set(key, value ?? null);
  }
}
