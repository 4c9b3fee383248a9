// Stored request and stored imps merged into the incoming request (notes §16 "Merge semantics"):
// result = MergePatch(stored request, incoming); each incoming imp = MergePatch(stored imp, imp).
// Not recursive: only ids present in the incoming request are resolved.
import type { IdSource } from '@gavel/common';
import { applyMergePatch as mergePatch } from '../openrtb/merge-patch.js';
import type { BidRequest, Imp } from '../openrtb/types.js';
import { throwIfUnavailable, type StoredError, type StoredSource } from './types.js';
import { withProps } from '@gavel/common';

export interface ResolveRequestEnv {
  /** `core` or `prebid`: where `storedrequest` is read. */
  ns: string;
  store: StoredSource;
  ids: IdSource;
  /** settings.generate-storedrequest-bidrequest-id */
  generateRequestId: boolean;
  signal?: AbortSignal;
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;

/** `x.storedrequest.id` of an ext namespace object: undefined when absent, null when not a string. */
function storedId(nsExt: unknown): string | undefined | null {
  const ref = asObj(nsExt)?.['storedrequest'];
  if (ref === undefined) return undefined;
  const id = asObj(ref)?.['id'];
  return typeof id === 'string' ? id : null;
}

function requestMessage(ns: string, e: StoredError): string {
  if (e.reason === 'not-found') return `Stored Request with ID="${e.id}" not found.`;
  if (e.reason === 'invalid-json')
    return `ext.${ns}.storedrequest.id refers to Stored Request ${e.id} which contains Invalid JSON Document: ${e.detail}`;
  return `Stored Request with ID="${e.id}" could not be fetched: ${e.detail}`;
}

function impMessage(ns: string, e: StoredError): string {
  if (e.reason === 'not-found') return `Stored Imp with ID="${e.id}" not found.`;
  if (e.reason === 'invalid-json')
    return `imp.ext.${ns}.storedrequest.id ${e.id}: Stored Imp has Invalid JSON Document: ${e.detail}`;
  return `Stored Imp with ID="${e.id}" could not be fetched: ${e.detail}`;
}

export interface ResolvedRequest {
  request: BidRequest;
  /** 400 lines without the `Invalid request: ` prefix. */
  errors: string[];
  /** A stored request was applied. */
  usedStoredRequest: boolean;
}

export async function resolveStoredRequest(
  request: BidRequest,
  env: ResolveRequestEnv,
): Promise<ResolvedRequest> {
  const { ns } = env;
  const errors: string[] = [];
  const requestId = storedId(request.ext?.[ns]);
  if (requestId === null) errors.push(`ext.${ns}.storedrequest.id must be a string`);
  const imps: unknown[] = Array.isArray(request.imp) ? request.imp : [];
  const impIds = imps.map((imp, i): string | undefined => {
    const id = storedId(asObj(asObj(imp)?.['ext'])?.[ns]);
    if (id === null) errors.push(`request.imp[${i}].ext.${ns}.storedrequest.id must be a string`);
    return id ?? undefined;
  });
  if (errors.length > 0) return { request, errors, usedStoredRequest: false };
  if (requestId === null) return { request, errors, usedStoredRequest: false };
  const wantedImps = impIds.filter((id): id is string => typeof id === 'string');
  if (requestId === undefined && wantedImps.length === 0)
    return { request, errors, usedStoredRequest: false };

  const [storedRequests, storedImps] = await Promise.all([
    requestId === undefined ? undefined : env.store.fetch('request', [requestId], env.signal),
    wantedImps.length === 0 ? undefined : env.store.fetch('imp', wantedImps, env.signal),
  ]);
  throwIfUnavailable([...(storedRequests?.errors ?? []), ...(storedImps?.errors ?? [])]);
  for (const e of storedRequests?.errors ?? []) errors.push(requestMessage(ns, e));
  for (const e of storedImps?.errors ?? []) errors.push(impMessage(ns, e));
  if (errors.length > 0) return { request, errors, usedStoredRequest: false };

  let merged: BidRequest = request;
  if (requestId !== undefined) {
    const stored = storedRequests?.found.get(requestId);
    if (!asObj(stored))
      return {
        request,
        errors: [`Stored Request with ID="${requestId}" is not a JSON object`],
        usedStoredRequest: false,
      };
    merged = mergePatch(stored, request) as BidRequest;
  }
  if (wantedImps.length > 0) {
    // The incoming imps win over the stored request's (arrays are replaced), so they are the ones patched.
    const patched = imps.map((imp, i) => {
      const id = impIds[i];
      if (id === undefined) return imp;
      const stored = storedImps?.found.get(id);
      if (!asObj(stored)) {
        errors.push(`Stored Imp with ID="${id}" is not a JSON object`);
        return imp;
      }
      return mergePatch(stored, imp);
    });
    if (errors.length > 0) return { request, errors, usedStoredRequest: false };
    merged = withProps(merged, { imp: patched as Imp[] });
  }
  if (requestId !== undefined && (merged.id === '{{UUID}}' || env.generateRequestId)) {
    merged = withProps(merged, { id: env.ids.uuid() });
  }
  return { request: merged, errors, usedStoredRequest: requestId !== undefined };
}
