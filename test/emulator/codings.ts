import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib';
import type { Reply } from './bodies.ts';

const ENCODERS: Readonly<Record<string, (body: Buffer) => Buffer>> = {
  gzip: (body) => gzipSync(body),
  'x-gzip': (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
  // What some servers send as `deflate`: the stream without its zlib wrapper.
  'raw-deflate': (body) => deflateRawSync(body),
  br: (body) => brotliCompressSync(body),
  zstd: (body) => zstdCompressSync(body),
  identity: (body) => body,
};

/** The codings of a `contentEncoding` fault, checked at inject(). */
export function codingsOf(contentEncoding: string): string[] {
  const codings = contentEncoding.split(',').map((coding) => coding.trim());
  for (const coding of codings) {
    if (!(coding in ENCODERS)) {
      throw new RangeError(`fault contentEncoding: unknown coding ${JSON.stringify(coding)}`);
    }
  }
  return codings;
}

/**
 * The reply's body compressed with each coding in turn, and Content-Encoding listing them in that order
 * (`raw-deflate` is sent as `deflate`, as the servers that make that mistake label it).
 */
export function encodedReply(reply: Reply, contentEncoding: string): Reply {
  const codings = codingsOf(contentEncoding);
  let body: Buffer = Buffer.from(reply.body);
  for (const coding of codings) body = (ENCODERS[coding] ?? ((same: Buffer) => same))(body);
  const label = codings.map((coding) => (coding === 'raw-deflate' ? 'deflate' : coding)).join(', ');
  return { ...reply, headers: { ...reply.headers, 'Content-Encoding': label }, body };
}
