/**
 * The proof a record carries that its writer held the service's Root key: an HMAC-SHA256 over the record's
 * environment, commit, state and payload, keyed by a key derived from the Root key (HKDF-SHA256 with a fixed label),
 * never the Root key itself. Anyone with `deployments: write` can create a deployment that looks like a record (every
 * workflow's GITHUB_TOKEN writes as the same github-actions[bot]); only a holder of the key can make one that counts.
 *
 * The derived key stays inside the proof: what leaves it is a MAC and a key id (the first 16 hex digits of an HMAC
 * of a fixed text), which give neither key back; but a guess of the Root key can be checked against them offline, so
 * a short key chosen by hand could be found (SECURITY.md). The key id tells a record written with another Root key (the
 * key changed) from one that was made up or altered.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The label the record's key is derived with: another label, or another version of it, gives another key. */
const LABEL = 'image-cache-invalidate record MAC v1';

/** What a record's proof covers. */
export interface Proven {
  readonly environment: string;
  readonly sha: string;
  readonly state: 'success' | 'failure';
  /** The record's own fields (fresh, owed, failedRuns), as the payload carries them. */
  readonly body: Readonly<Record<string, unknown>>;
}

/** Proves records with one Root key, holding only the key derived from it. */
export interface RecordProof {
  /** Tells the key apart from another, showing nothing of it. */
  readonly keyId: string;
  /** The MAC of a record, as 64 hex digits; undefined for fields nested deeper than a record's. */
  mac(record: Proven): string | undefined;
}

/** The proof of records written with `rootKey`. */
export function recordProof(rootKey: string): RecordProof {
  const key = Buffer.from(hkdfSync('sha256', rootKey, Buffer.alloc(0), LABEL, 32));
  const hmac = (text: string): string => createHmac('sha256', key).update(text).digest('hex');
  return {
    keyId: hmac('key id').slice(0, 16),
    mac: (record) => {
      const text = canonical([LABEL, record.environment, record.sha, record.state, record.body]);
      return text === undefined ? undefined : hmac(text);
    },
  };
}

/** What a deployment's payload proves. */
export type Verdict =
  | {
      readonly verdict: 'proven';
      readonly state: 'success' | 'failure';
      readonly body: Record<string, unknown>;
    }
  /** A MAC made with another Root key: the key changed since that record was written. */
  | { readonly verdict: 'other-key' }
  /** No MAC, or one that does not match: made up or altered, by whoever created it. */
  | { readonly verdict: 'unproven' };

/** The payload's key for the MAC and the key id, beside the record's fields. */
const MAC = 'mac';
const KEY_ID = 'key';
const STATE = 'state';

/** The record's fields with its state, key id and MAC, as the payload carries them under the record's key. */
export function provenBody(proof: RecordProof, record: Proven): Record<string, unknown> {
  const mac = proof.mac(record);
  if (mac === undefined) throw new Error('a record nests deeper than a record may');
  return { ...record.body, [STATE]: record.state, [KEY_ID]: proof.keyId, [MAC]: mac };
}

/** What the body a deployment's payload carries under the record's key proves, for that environment and commit. */
export function verify(proof: RecordProof, environment: string, sha: string, carried: unknown): Verdict {
  if (typeof carried !== 'object' || carried === null || Array.isArray(carried))
    return { verdict: 'unproven' };
  const { [MAC]: mac, [KEY_ID]: keyId, [STATE]: state, ...body } = carried as Record<string, unknown>;
  if (typeof mac !== 'string' || typeof keyId !== 'string') return { verdict: 'unproven' };
  if (state !== 'success' && state !== 'failure') return { verdict: 'unproven' };
  const expected = proof.mac({ environment, sha, state, body });
  // A MAC is 64 hex digits: anything else (64 characters of several bytes each among them) proves nothing, and
  // never reaches the comparison, which throws on buffers of two lengths.
  const same =
    expected !== undefined &&
    /^[0-9a-f]{64}$/.test(mac) &&
    timingSafeEqual(Buffer.from(mac, 'hex'), Buffer.from(expected, 'hex'));
  if (same && keyId === proof.keyId) return { verdict: 'proven', state, body };
  return keyId !== proof.keyId && /^[0-9a-f]{16}$/.test(keyId)
    ? { verdict: 'other-key' }
    : { verdict: 'unproven' };
}

/** How deep a record's fields nest at most (owed: a list of pairs): anything deeper is no record of this version. */
const MAX_DEPTH = 4;

/**
 * JSON with each object's keys in order, so that a payload GitHub stored and gave back proves the same; undefined for
 * a value nested deeper than any record is (a payload made to exhaust the stack proves nothing).
 */
function canonical(value: unknown, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => canonical(item, depth + 1));
    return items.includes(undefined) ? undefined : `[${items.join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => [key, canonical(item, depth + 1)] as const);
    if (entries.some(([, item]) => item === undefined)) return undefined;
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
