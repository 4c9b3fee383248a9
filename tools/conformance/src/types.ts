// The conformance tool's family contract: each family replays one folder of the shared corpus
// exactly as its README describes and reports a verdict per fixture.

export interface FixtureVerdict {
  /** Path relative to the fixtures root. */
  file: string;
  passed: boolean;
  /** Why it failed (or could not be run). */
  reason?: string;
}

export interface Family {
  name: string;
  /** Replays `<root>/<folder>`; a fixture that cannot be run is a failed verdict with the reason. */
  run(root: string, options?: FamilyOptions): Promise<FixtureVerdict[]>;
}

export interface FamilyOptions {
  /** `--only a,b`: limit a family to these entries (adapters: bidder codes). */
  only?: readonly string[];
}
