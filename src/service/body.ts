// A namespace, not named imports: the library must load on an older Node to say which version it needs.
import * as zlib from 'node:zlib';
import type { Dispatcher } from 'undici';
import type { Redact } from '../shown/redact.ts';
import { headerValues } from '../mechanics/headers.ts';
import { readBody } from '../mechanics/http-body.ts';
import { isRecord, parseJson } from '../mechanics/json.ts';
import { ApiError } from '../domain/api-error.ts';
import type { ServerMessage } from './server-message.ts';

/**
 * The most of an answer's body that is read, on the wire and once decoded: an answer of the service is a few
 * hundred bytes, and a decompression bomb stops here. A 2xx longer than this is not a confirmation.
 */
export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BODY_TEXT = '1 MiB';

/** An answer's body as the server meant it: decoded from its content codings, without a byte-order mark. */
export interface AnswerBody {
  /** The text, or as much of it as was read. */
  readonly text: string;
  /** Why the text is not the whole body as the server meant it; absent when it is. */
  readonly unread?: string;
}

type Decoder = (bytes: Buffer, maxOutputLength: number) => Buffer;

// `deflate` is the zlib format (RFC 9110), but some servers send the bare stream under that name.
const inflateEither: Decoder = (bytes, maxOutputLength) => {
  try {
    return zlib.inflateSync(bytes, { maxOutputLength });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw error;
    return zlib.inflateRawSync(bytes, { maxOutputLength });
  }
};

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: (bytes, maxOutputLength) => zlib.gunzipSync(bytes, { maxOutputLength }),
  'x-gzip': (bytes, maxOutputLength) => zlib.gunzipSync(bytes, { maxOutputLength }),
  deflate: inflateEither,
  br: (bytes, maxOutputLength) => zlib.brotliDecompressSync(bytes, { maxOutputLength }),
  zstd: (bytes, maxOutputLength) => zlib.zstdDecompressSync(bytes, { maxOutputLength }),
};

/**
 * Reads the whole body, up to MAX_BODY_BYTES on the wire, and decodes it whatever the coding the server chose,
 * though the request asks for none: no decoded body grows past MAX_BODY_BYTES either. Rejects only when the
 * connection fails; a body that cannot be read as meant says why in `unread`.
 */
export async function answerBody(response: Dispatcher.ResponseData, redact: Redact): Promise<AnswerBody> {
  const wire = await readBody(response.body, { maxBytes: MAX_BODY_BYTES, keep: true });
  const codings = contentCodings(headerValues(response.headers, 'content-encoding').join(','));
  if (wire.cut !== undefined) {
    // Its start still carries an error's message, when it is not coded.
    const start = codings.length === 0 ? textOf(wire.bytes) : '';
    return { text: start, unread: `it is longer than ${MAX_BODY_TEXT}` };
  }
  let bytes = wire.bytes;
  // Codings are listed in the order they were applied: undone from the last.
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (decode === undefined) {
      return {
        text: '',
        unread: `its content coding ${JSON.stringify(redact(coding).slice(0, 40))} is not one the action reads`,
      };
    }
    try {
      bytes = decode(bytes, MAX_BODY_BYTES);
    } catch (error) {
      const tooLong = (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';
      return {
        text: '',
        unread: tooLong
          ? `it is longer than ${MAX_BODY_TEXT} once decoded (${coding})`
          : `it does not decode as ${coding}, its content coding says`,
      };
    }
  }
  return { text: textOf(bytes) };
}

// A byte-order mark before JSON is a classic fault of PHP files saved by some editors.
function textOf(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function contentCodings(header: string): string[] {
  return header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/**
 * A 2xx answer is a confirmation only when its body says so, or says nothing (the API spec shows no body for the
 * invalidations): an empty body, JSON `true`, or a JSON object whose `success` is absent or exactly `true`. Anything
 * else fails the call, not retried: sent again, the same server would answer the same. docs/how-it-works.md's
 * "What counts as a confirmation" lists the cases. Returns the JSON object, if the body is one.
 */
export function confirmedJson(
  status: number,
  contentType: string | undefined,
  body: AnswerBody,
  server: () => ServerMessage,
  redact: Redact,
): Record<string, unknown> | undefined {
  const refused = (what: string, message?: string, code?: string): ApiError =>
    new ApiError(`HTTP ${status} with ${what}`, {
      kind: 'response',
      status,
      code,
      serverMessage: message,
    });
  if (body.unread !== undefined) {
    throw refused(`a body that is not read as a confirmation: ${body.unread}.`);
  }
  const text = body.text.trim();
  if (text === '') return undefined;
  // JSON is judged as JSON whatever the content type says: PHP serves it as text/html unless told otherwise.
  const json = parseJson(text);
  if (json === true) return undefined;
  if (isRecord(json)) {
    if (json.success === true) return json;
    if (!('success' in json)) {
      if (!reportsError(json)) return json;
      const { code, message } = server();
      throw refused(`an error${message === undefined ? '' : `: ${message}`}`, message, code);
    }
    const { code, message } = server();
    const value = redact(JSON.stringify(json.success));
    throw refused(
      `"success": ${value.slice(0, 40)}${message === undefined ? '' : `: ${message}`}`,
      message,
      code,
    );
  }
  // A login page or a proxy's page, from a base-url that is not the API.
  if (json === undefined && (/html/i.test(contentType ?? '') || text.startsWith('<'))) {
    const { message } = server();
    throw refused(
      `an HTML page, not an API answer${message === undefined ? '' : ` (${message})`}: check base-url and service-key.`,
    );
  }
  if (json !== undefined) throw refused(`JSON ${describeJson(json, redact)}, not an API answer.`);
  throw refused(`a body that is not JSON (${server().message ?? 'a body'}), not an API answer.`);
}

/** Redacted whole, then cut: a key cut in two is no longer a form the redactor knows. */
function describeJson(json: unknown, redact: Redact): string {
  if (Array.isArray(json)) return 'an array';
  return redact(JSON.stringify(json)).slice(0, 40);
}

/**
 * A body with no `success` that says it failed all the same, in the shapes servers use for errors: `error`,
 * a non-empty `errors`, or WordPress's error object with its `data.status` of 400 or more.
 */
function reportsError(json: Record<string, unknown>): boolean {
  const data = json.data;
  const status = isRecord(data) ? data.status : undefined;
  return (
    (json.error !== undefined && json.error !== null && json.error !== false && json.error !== '') ||
    (Array.isArray(json.errors) && json.errors.length > 0) ||
    (typeof status === 'number' && status >= 400)
  );
}
