/**
 * What went wrong with one request, as facts: what the service or the network said, and the message the user
 * reads. Server text is redacted before it gets here. What a failure means for the run (retry, pause, split,
 * stop) is decided in policy.ts, nowhere else.
 */

/** `unexpected`: a throw that is not a failure of the request (a fault in the sender itself). */
export type FailureKind = 'http' | 'network' | 'timeout' | 'redirect' | 'response' | 'unexpected';

export interface ApiErrorDetails {
  readonly kind: FailureKind;
  /** The HTTP status, when the server answered. */
  readonly status?: number | undefined;
  /** The server's error code, e.g. `rest_no_route`; for a network failure, the system's, e.g. `ECONNRESET`. */
  readonly code?: string | undefined;
  /** The server's own message, as sent. */
  readonly serverMessage?: string | undefined;
  /** The wait the server asked for with Retry-After, when it gave a valid one. */
  readonly retryAfterMs?: number | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: FailureKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, details: ApiErrorDetails, options?: ErrorOptions) {
    super(message, options);
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** Node's codes for a TLS certificate that does not verify. */
export const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Why the service may refuse a key (API spec, part 5.5). */
export const KEY_REFUSED_HINT =
  'The service refused the API key. Check that: the key is valid and active; it is sent as ' +
  '"Authorization: Bearer <key>" (pass the bare key, without "Bearer"); it is a Root API key, since a Sub key ' +
  "cannot invalidate or request tokens; and the account's subscription is active.";
