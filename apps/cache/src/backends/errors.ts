// Backend failures that are neither "stored" nor "exists": a stored value of unknown type.
import { BadRequestError, GavelError } from '@gavel/common';

/** 500: the stored bytes cannot be decoded into a typed entry. */
export class CorruptedEntryError extends GavelError {
  constructor(key: string) {
    super(500, 'BACKEND_ERROR', `stored data for key ${key} was corrupted: cannot determine its type`);
  }
}

/**
 * 503: the storage back-end cannot be reached (connection lost, refused, closed). The answer names
 * the back-end only; the client library's own text stays in the cause, for the log.
 */
export class BackendUnavailableError extends GavelError {
  constructor(backend: string, options?: ErrorOptions) {
    super(503, 'SERVICE_UNAVAILABLE', `cache back-end (${backend}) unavailable`, options);
  }
}

/** 400: one put's stored text is larger than `request-limits.max-size-bytes` (or empty). */
export class EntryTooLargeError extends BadRequestError {
  readonly index: number;
  constructor(index: number, size: number, max: number) {
    super(
      `POST /cache element ${index} exceeded max size: Payload size ${size} exceeded max ${max}`,
      `puts[${index}].value`,
    );
    this.index = index;
  }
}

/**
 * A caught throw as a rejected promise, for the non-async put paths (memory backend, size limit)
 * that must fail by rejection as an async function would. Our code throws Errors only.
 */
export function rejection(err: unknown): Promise<never> {
  return Promise.reject(err instanceof Error ? err : new Error(String(err)));
}
