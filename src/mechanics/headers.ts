/**
 * An answer's headers, read one way for every request the action makes. undici gives a header sent more than once as
 * an array, and octokit gives numbers where it parsed one: a caller never meets either shape.
 */
export type AnswerHeaders = Readonly<Record<string, unknown>>;

/** The first value of a header (its name in lower case), as text; absent when not sent as text. */
export function header(headers: AnswerHeaders, name: string): string | undefined {
  return headerValues(headers, name)[0];
}

/** Every value of a header, in the order sent: a list header (Vary, Content-Encoding) may come in several lines. */
export function headerValues(headers: AnswerHeaders, name: string): string[] {
  const value = headers[name];
  return [value].flat().filter((each): each is string => typeof each === 'string');
}

/** Content-Length, when it is a length: a server may send anything there. */
export function declaredLength(headers: AnswerHeaders): number | undefined {
  const declared = Number(header(headers, 'content-length'));
  return Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
}

/** The media type of a Content-Type, in lower case and without its parameters: `text/html; charset=utf-8` is `text/html`. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
