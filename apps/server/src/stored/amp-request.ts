// Loading the stored request behind an AMP tag_id (contract "AMP stored request", "Errors": AMP
// stored-request loading errors; notes §15). For the AMP endpoint; the texts are G's (400 lines).
import type { BidRequest } from '../openrtb/types.js';
import { throwIfUnavailable, type StoredSource } from './types.js';

export type AmpStoredRequest = { ok: true; request: BidRequest } | { ok: false; error: string };

export async function loadAmpStoredRequest(
  store: StoredSource,
  tagId: string | undefined,
  signal?: AbortSignal,
): Promise<AmpStoredRequest> {
  if (tagId === undefined || tagId === '') return { ok: false, error: 'AMP requests require an AMP tag_id' };
  const { found, errors } = await store.fetch('amp-request', [tagId], signal);
  const doc = found.get(tagId);
  const failure = errors[0];
  throwIfUnavailable(errors);
  if (doc === undefined) {
    if (failure?.reason === 'invalid-json')
      return {
        ok: false,
        error: `Stored Request with ID="${tagId}" contains Invalid JSON Document: ${failure.detail}`,
      };
    return { ok: false, error: `No AMP config found for tag_id '${tagId}'.` };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return { ok: false, error: `Stored Request with ID="${tagId}" is not a JSON object` };
  const request = doc as BidRequest;
  if (!Array.isArray(request.imp) || request.imp.length === 0)
    return { ok: false, error: `data for tag_id='${tagId}' does not define the required imp array` };
  if (request.imp.length > 1)
    return {
      ok: false,
      error: `data for tag_id '${tagId}' includes ${request.imp.length} imp elements. Only one is allowed`,
    };
  if (request.app !== undefined)
    return { ok: false, error: 'request.app must not exist in AMP stored requests.' };
  return { ok: true, request };
}
