// A value that is built only when something asks for it, and that can write its own JSON text
// without being built. Analytics events carry the module outcome trace this way: every auction with
// modules has one (~7 KB of JSON for 17 hook runs), the file and HTTP adapters only ever serialise
// it, and building the object tree first and walking it with JSON.stringify cost three times the
// text written directly (docs/performance.md, 2026-11-28 night).

/** `JSON.stringify` of a holder gives the value's JSON (through toJSON); `json()` gives the same text directly. */
export class DeferredJson<T = unknown> {
  #value: T | undefined;
  #built = false;

  /**
   * @param build the value (called at most once)
   * @param text  exactly `JSON.stringify(build())`, written without building the value
   */
  constructor(
    private readonly build: () => T,
    private readonly text: () => string,
  ) {}

  /** The value, built on first call. */
  value(): T {
    if (!this.#built) {
      this.#value = this.build();
      this.#built = true;
    }
    return this.#value as T;
  }

  /** The value's JSON text. */
  json(): string {
    return this.text();
  }

  toJSON(): T {
    return this.value();
  }
}
