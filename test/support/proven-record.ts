/** A record's payload as a run holding the Root key writes it, for tests that set up what earlier runs left. */
import { RECORD_KEY } from '../../src/domain/memory.ts';
import { provenBody, recordProof } from '../../src/domain/record-proof.ts';
import { ROOT_KEY } from './client.ts';

/** Fields of a record: a success at `sha` (made fresh) unless told. */
export interface RecordFields {
  readonly fresh?: string | null;
  readonly owed?: readonly (readonly [string, string])[];
  readonly failedRuns?: number;
}

/** The payload of a record of `sha` on `environment` in `state`, proved with `key` (the suites' Root key unless told). */
export function provenPayload(
  environment: string,
  sha: string,
  state: 'success' | 'failure',
  fields: RecordFields = {},
  key: string = ROOT_KEY,
): Record<string, unknown> {
  const body = { fresh: fields.fresh ?? null, owed: fields.owed ?? [], failedRuns: fields.failedRuns ?? 0 };
  return { [RECORD_KEY]: provenBody(recordProof(key), { environment, sha, state, body }) };
}
