import { describe, expect, it } from 'vitest';
import { currentStamp, lastStamp } from './build.ts';

describe('the test setup', () => {
  it('spawns a dist/ bundled from the sources as they are now, not a stale one', () => {
    // The setup ran before this file; had it skipped a needed build, the sources' digest would differ here.
    expect(lastStamp()).toBe(currentStamp());
  });
});
