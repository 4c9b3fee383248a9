// The two JSON merges first-party data uses (upstream G util/jsonutil/merge.go and the
// evanphx json-patch MergePatch it relies on), over untyped JSON values. Neither mutates its
// inputs: untouched subtrees are shared, changed paths are copied.
//
// - mergePatch: RFC 7386 JSON merge patch, as G applies it to `ext` objects (null deletes a
//   member; a patch member set where nothing was has its nulls pruned; arrays replace).
// - mergeClone: G's "unmarshal the patch over a typed OpenRTB object": objects merge member by
//   member, arrays replace, null removes a member, and every `ext` member is merged with
//   mergePatch (a null `ext` keeps the existing one; an absent one takes the patch verbatim).
//   A patch value of another JSON kind than the existing value is a decode error in G.
import { copyForWrite, omitKeys, setOwn } from '@gavel/common';

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Why a merge failed: the existing document is unusable, or the patch is (G ErrBadJSONDoc / ErrBadJSONPatch). */
export type MergeFailure = 'bad-doc' | 'bad-patch';

export type MergeResult<T> = { ok: true; value: T } | { ok: false; reason: MergeFailure };

const ok = <T>(value: T): MergeResult<T> => ({ ok: true, value });
const fail = <T>(reason: MergeFailure): MergeResult<T> => ({ ok: false, reason });

/** A copy of `v` without null object members, at every depth (json-patch pruneNulls). */
export function pruneNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(pruneNulls);
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const key of Object.keys(v)) {
    const member = v[key];
    if (member !== null) setOwn(out, key, pruneNulls(member));
  }
  return out;
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  return v === null ? 'null' : typeof v;
}

function mergeObjects(doc: JsonObject, patch: JsonObject): JsonObject {
  const out = copyForWrite(doc);
  const removed: string[] = [];
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) {
      removed.push(key);
      continue;
    }
    const cur = Object.hasOwn(doc, key) ? doc[key] : undefined;
    let next: unknown;
    if (cur === undefined || cur === null || !isObject(cur)) next = pruneNulls(value);
    else next = isObject(value) ? mergeObjects(cur, value) : value;
    setOwn(out, key, next);
  }
  return removed.length > 0 ? omitKeys(out, removed) : out;
}

/**
 * RFC 7386 merge patch of `patch` onto `doc`. A non-object doc is replaced by the (pruned) patch;
 * an array patch replaces the doc; a scalar or null patch is refused (json-patch ErrBadJSONPatch).
 */
export function mergePatch(doc: unknown, patch: unknown): MergeResult<unknown> {
  if (Array.isArray(patch)) return ok(pruneNulls(patch));
  if (!isObject(patch)) return fail('bad-patch');
  if (!isObject(doc)) return ok(pruneNulls(patch));
  return ok(mergeObjects(doc, patch));
}

/** An array decoded into a fresh typed slice: object elements go through mergeClone onto `{}`. */
function freshArray(values: readonly unknown[]): MergeResult<unknown[]> {
  const out: unknown[] = [];
  for (const v of values) {
    if (isObject(v)) {
      const r = mergeClone({}, v);
      if (!r.ok) return r;
      out.push(r.value);
    } else if (Array.isArray(v)) {
      const r = freshArray(v);
      if (!r.ok) return r;
      out.push(r.value);
    } else out.push(v);
  }
  return ok(out);
}

/** The merged value of one member; undefined value means "remove the member". */
function mergeMember(key: string, cur: unknown, value: unknown): MergeResult<unknown> {
  const present = cur !== undefined && cur !== null;
  if (key === 'ext') {
    if (value === null) return ok(cur);
    return present ? mergePatch(cur, value) : ok(value);
  }
  if (value === null) return ok(undefined);
  if (isObject(value)) {
    if (!present) return mergeClone({}, value);
    return isObject(cur) ? mergeClone(cur, value) : fail('bad-patch');
  }
  if (Array.isArray(value)) {
    if (present && !Array.isArray(cur)) return fail('bad-patch');
    return freshArray(value);
  }
  if (present && kindOf(cur) !== kindOf(value)) return fail('bad-patch');
  return ok(value);
}

/**
 * `patch` decoded over the typed object `existing` (G jsonutil.MergeClone). A null patch changes
 * nothing; a patch that is not an object, or a member of the wrong JSON kind, is refused.
 */
export function mergeClone(existing: JsonObject, patch: unknown): MergeResult<JsonObject> {
  if (patch === null) return ok(existing);
  if (!isObject(patch)) return fail('bad-patch');
  const out = copyForWrite(existing);
  const removed: string[] = [];
  for (const key of Object.keys(patch)) {
    const cur = Object.hasOwn(existing, key) ? existing[key] : undefined;
    const r = mergeMember(key, cur, patch[key]);
    if (!r.ok) return r;
    if (r.value === undefined) removed.push(key);
    else setOwn(out, key, r.value);
  }
  return ok(removed.length > 0 ? omitKeys(out, removed) : out);
}
