import type { Dispatcher } from 'undici';
import { declaredLength, header } from './headers.ts';
import { readBody, type BodyBounds, type BodyBudget, type BodyRead } from './http-body.ts';
import { endOfAsk, sendRequest } from './http-request.ts';

export interface HttpGetOptions extends BodyBounds {
  readonly dispatcher: Dispatcher;
  /** Sent as given and nothing more, on every hop: whether a key, a cookie or a token goes is the caller's choice. */
  readonly headers: Readonly<Record<string, string>>;
  /** The whole ask, its redirects and its body included, ends this long after it starts. */
  readonly timeoutMs: number;
  /** Ends the ask at once: the run's cancel, a stage's deadline. */
  readonly signal?: AbortSignal | undefined;
  /** Which redirects are followed; absent, none: a redirect is the answer, for the caller to judge. */
  readonly follow?: FollowRule | undefined;
}

/** Whether a redirect from `from` to `next` is followed, `followed` redirects into the ask. */
export type FollowRule = (next: URL, from: URL, followed: number) => boolean;

export interface HttpAnswer {
  readonly kind: 'answer';
  readonly status: number;
  readonly headers: Dispatcher.ResponseData['headers'];
  /** Requests the ask made: each redirect followed is one more. */
  readonly requests: number;
  /**
   * The answer is a redirect (a 3xx with a Location): the Location as sent, and the URL it names, if it names one.
   * Under a follow rule, only where it points is read: its body is dropped, and `body` is empty.
   */
  readonly redirect?: { readonly location: string; readonly to: URL | undefined };
  /** What was read of the body, or what ended the read. A body longer than `maxBytes` by its Content-Length is cut unread. */
  readonly body: BodyRead | { readonly error: unknown };
}

export interface HttpFailure {
  readonly kind: 'failed';
  /** What ended the ask before an answer came: the network, the timeout (mechanics/causes.ts), the signal. */
  readonly error: unknown;
  readonly requests: number;
}

/** The budget was spent before a request: not sent, since its body could not be read. */
export interface BudgetSpent {
  readonly kind: 'budget-spent';
  readonly requests: number;
}

/**
 * GETs `url`: bounded in time (`timeoutMs`, `signal`), in bytes (`maxBytes`, `budget`), following redirects only as
 * `follow` says. Never rejects: an ask that gets no answer says why.
 */
export function httpGet(
  url: URL | string,
  options: HttpGetOptions & { readonly budget: BodyBudget },
): Promise<HttpAnswer | HttpFailure | BudgetSpent>;
export function httpGet(url: URL | string, options: HttpGetOptions): Promise<HttpAnswer | HttpFailure>;
export async function httpGet(
  url: URL | string,
  options: HttpGetOptions,
): Promise<HttpAnswer | HttpFailure | BudgetSpent> {
  const ends = endOfAsk(options.timeoutMs, options.signal);
  const { dispatcher, timeoutMs } = options;
  const request = { dispatcher, method: 'GET', headers: options.headers, timeoutMs } as const;
  let target: URL;
  try {
    target = new URL(url);
  } catch (error) {
    return { kind: 'failed', error, requests: 0 };
  }
  for (let followed = 0; ; followed++) {
    if (options.budget?.spent === true) return { kind: 'budget-spent', requests: followed };
    let answer: Dispatcher.ResponseData;
    try {
      answer = await sendRequest(target, request, ends);
    } catch (error) {
      return { kind: 'failed', error, requests: followed + 1 };
    }
    const { statusCode: status, headers, body } = answer;
    const got = { kind: 'answer', status, headers, requests: followed + 1 } as const;
    const location = header(headers, 'location');
    if (status < 300 || status >= 400 || location === undefined)
      return { ...got, body: await bodyOf(answer, options) };
    const redirect = { location, to: URL.parse(location, target.href) ?? undefined };
    if (options.follow === undefined) return { ...got, redirect, body: await bodyOf(answer, options) };
    await body.dump().catch(() => undefined);
    if (redirect.to === undefined || !options.follow(redirect.to, target, followed))
      return { ...got, redirect, body: { bytes: Buffer.alloc(0), read: 0 } };
    target = redirect.to;
  }
}

async function bodyOf(
  answer: Dispatcher.ResponseData,
  bounds: BodyBounds,
): Promise<BodyRead | { readonly error: unknown }> {
  const declared = declaredLength(answer.headers);
  if (declared !== undefined && declared > bounds.maxBytes) {
    // Left unread: undici says so as an error of the body, which nobody is there to hear.
    answer.body.on('error', () => undefined).destroy();
    return { bytes: Buffer.alloc(0), read: 0, cut: 'too-long' };
  }
  try {
    return await readBody(answer.body, bounds);
  } catch (error) {
    return { error };
  }
}
