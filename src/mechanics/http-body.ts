import type { Dispatcher } from 'undici';

/** Bytes that many reads share (the origin check's, over a whole run): each read counts against it. */
export interface BodyBudget {
  readonly spent: boolean;
  take(bytes: number): void;
}

export interface BodyBounds {
  /** Bytes read at most: a body longer is cut past them, and the rest never read. */
  readonly maxBytes: number;
  /** Whether the bytes are kept: a warm-up reads only so that the host finishes sending, and drops them. */
  readonly keep: boolean;
  /** Each chunk read counts against it; once it is spent, the read stops. */
  readonly budget?: BodyBudget | undefined;
}

export interface BodyRead {
  /** The bytes kept: the whole body, or its first `maxBytes` when cut; none unless kept. */
  readonly bytes: Buffer;
  /** Bytes read off the wire, the chunk that went past `maxBytes` included. */
  readonly read: number;
  /** Why the body was not read to its end. */
  readonly cut?: 'too-long' | 'budget';
}

/** Reads an answer's body within `bounds`. Rejects when the connection fails, or the request's end comes, mid-body. */
export async function readBody(body: Dispatcher.ResponseData['body'], bounds: BodyBounds): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    read += chunk.length;
    bounds.budget?.take(chunk.length);
    if (bounds.keep) chunks.push(chunk);
    const cut = read > bounds.maxBytes ? 'too-long' : bounds.budget?.spent === true ? 'budget' : undefined;
    if (cut !== undefined) {
      body.destroy();
      return { bytes: Buffer.concat(chunks).subarray(0, bounds.maxBytes), read, cut };
    }
  }
  return { bytes: Buffer.concat(chunks), read };
}
