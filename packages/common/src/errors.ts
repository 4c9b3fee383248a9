// The one catalogue of coded errors shared by both services: each class carries its HTTP status,
// and 4xx errors name the offending field so that a client can fix its request.

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'SERVICE_UNAVAILABLE'
  | 'BACKEND_ERROR'
  | 'BACKEND_TIMEOUT'
  | 'INTERNAL';

/** What a coded error may carry besides its status, code and message: the field, and the cause. */
export interface GavelErrorOptions extends ErrorOptions {
  /** Dotted path of the offending input field. */
  field?: string;
}

export class GavelError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Dotted path of the offending input field, when there is one. */
  readonly field: string | undefined;

  // `options` goes to Error as is: it sets `cause` only when the object has one, as before.
  constructor(status: number, code: ErrorCode, message: string, options?: GavelErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.field = options?.field;
  }
}

/** 400: the request is malformed; `field` names what to fix. */
export class BadRequestError extends GavelError {
  constructor(message: string, field?: string) {
    super(400, 'BAD_REQUEST', message, { field });
  }
}

export class NotFoundError extends GavelError {
  constructor(message: string, field?: string) {
    super(404, 'NOT_FOUND', message, { field });
  }
}

export class PayloadTooLargeError extends GavelError {
  constructor(limitBytes: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `request body exceeds the limit of ${limitBytes} bytes`, {
      field: 'body',
    });
  }
}

export class UnsupportedMediaTypeError extends GavelError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message, { field: 'content-type' });
  }
}

export class UnauthorizedError extends GavelError {
  constructor(message: string, field?: string) {
    super(401, 'UNAUTHORIZED', message, { field });
  }
}

/** 503: the service refuses this caller (blocked account or app) or is not ready. */
export class ServiceUnavailableError extends GavelError {
  constructor(message: string, field?: string) {
    super(503, 'SERVICE_UNAVAILABLE', message, { field });
  }
}

/** 500: a storage backend failed; the message says which and why, never "key exists". */
export class BackendError extends GavelError {
  constructor(message: string, options?: ErrorOptions) {
    super(500, 'BACKEND_ERROR', message, options);
  }
}

/** 504: a storage backend did not answer within its deadline. */
export class BackendTimeoutError extends GavelError {
  constructor(message: string, options?: ErrorOptions) {
    super(504, 'BACKEND_TIMEOUT', message, options);
  }
}

export function isGavelError(err: unknown): err is GavelError {
  return err instanceof GavelError;
}
