import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { provenBody, recordProof, verify, type Proven } from '../../src/domain/record-proof.ts';

const KEY = 'root-key-of-this-suite';
const RECORD: Proven = {
  environment: 'Image cache record – www.example.com – production – svc at dashboard.example.com',
  sha: 'a'.repeat(40),
  state: 'failure',
  body: { fresh: null, owed: [['b'.repeat(40), 'a'.repeat(40)]], failedRuns: 1 },
};

describe('the proof of a record', () => {
  it('is keyed by a key derived from the Root key, never the key itself, and shows neither', () => {
    const proof = recordProof(KEY);
    const mac = proof.mac(RECORD);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    const keyedByRoot = createHmac('sha256', KEY).update(JSON.stringify(RECORD)).digest('hex');
    expect(mac).not.toBe(keyedByRoot);
    expect(JSON.stringify(provenBody(proof, RECORD))).not.toContain(KEY);
  });

  it('holds for its own environment, commit, state and fields, whatever order GitHub gives the keys back in', () => {
    const proof = recordProof(KEY);
    const carried = provenBody(proof, RECORD);
    const reordered = Object.fromEntries(Object.entries(carried).reverse());
    expect(verify(proof, RECORD.environment, RECORD.sha, reordered)).toEqual({
      verdict: 'proven',
      state: 'failure',
      body: RECORD.body,
    });
  });

  it('fails for any other environment, commit, state or field, and for no MAC at all', () => {
    const proof = recordProof(KEY);
    const carried = provenBody(proof, RECORD);
    expect(verify(proof, 'other', RECORD.sha, carried).verdict).toBe('unproven');
    expect(verify(proof, RECORD.environment, 'c'.repeat(40), carried).verdict).toBe('unproven');
    expect(verify(proof, RECORD.environment, RECORD.sha, { ...carried, state: 'success' }).verdict).toBe(
      'unproven',
    );
    expect(verify(proof, RECORD.environment, RECORD.sha, { ...carried, owed: [] }).verdict).toBe('unproven');
    expect(verify(proof, RECORD.environment, RECORD.sha, RECORD.body).verdict).toBe('unproven');
  });

  it('tells a record proved with another Root key from one made up', () => {
    const carried = provenBody(recordProof('an-older-root-key'), RECORD);
    expect(verify(recordProof(KEY), RECORD.environment, RECORD.sha, carried).verdict).toBe('other-key');
  });
});
