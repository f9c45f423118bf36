/** What went wrong with one request, as the user needs to read it. Server text is redacted before it gets here. */

export type FailureKind = 'http' | 'network' | 'timeout' | 'redirect' | 'response';

export interface ApiErrorDetails {
  readonly kind: FailureKind;
  /** The HTTP status, when the server answered. */
  readonly status?: number | undefined;
  /** The server's error code, e.g. `rest_no_route`; for a network failure, the system's, e.g. `ECONNRESET`. */
  readonly code?: string | undefined;
  /** The server's own message, as sent. */
  readonly serverMessage?: string | undefined;
  /** Whether the same request may succeed if sent again. */
  readonly retryable: boolean;
  /** The wait the server asked for with Retry-After, when it gave a valid one. */
  readonly retryAfterMs?: number | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: FailureKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, details: ApiErrorDetails, options?: ErrorOptions) {
    super(message, options);
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.retryable = details.retryable;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** The service said the key or its account cannot be used: every other call would be refused too. */
  get keyRefused(): boolean {
    return isKeyRefusal(this.status, this.serverMessage);
  }

  /**
   * Why every other call would fail the same way, when it would: the key or its account is refused, or the
   * address is wrong (no such route, a redirect, a host that does not exist). The run then starts no new call.
   */
  get stopsTheRun(): string | undefined {
    if (this.keyRefused) return 'the service refused the key';
    if (this.kind === 'network' && this.code !== undefined && CERTIFICATE_CODES.has(this.code)) {
      return "the certificate of base-url's host does not verify";
    }
    const wrongHost = this.kind === 'network' && this.code === 'ENOTFOUND';
    if (this.kind === 'redirect' || this.code === 'rest_no_route' || wrongHost) {
      return 'the service could not be reached at base-url';
    }
    return undefined;
  }

  /**
   * A 4xx naming no cause that every call shares (not the key; not the address, method or proxy: 404, 405, 407;
   * not the batch's size; not the pace: 408, 429): this call's own content was refused, perhaps for one entry.
   */
  get refusedForContent(): boolean {
    const status = this.status ?? 0;
    const everyCall = [404, 405, 407, 408, 429].includes(status) || this.stopsTheRun !== undefined;
    return this.kind === 'http' && status >= 400 && status < 500 && !everyCall && !this.tooManyAssets;
  }

  /** The service's answer to a batch over its limit (API spec, part 7). */
  get tooManyAssets(): boolean {
    return mentionsTooManyAssets(this.serverMessage);
  }
}

/** A 401 or 403, or the spec's account errors, whatever status they come with. */
export function isKeyRefusal(status: number | undefined, serverMessage: string | undefined): boolean {
  return status === 401 || status === 403 || ACCOUNT_ERRORS.some((text) => mentions(serverMessage, text));
}

const ACCOUNT_ERRORS = ['User not found', 'User not active'];

export function mentionsTooManyAssets(message: string | undefined): boolean {
  return mentions(message, 'Too many assets to invalidate');
}

function mentions(message: string | undefined, text: string): boolean {
  return message?.toLowerCase().includes(text.toLowerCase()) === true;
}

/** Node's codes for a TLS certificate that does not verify: the same for every call, and not worth a retry. */
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
