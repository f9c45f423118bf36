/**
 * Reading the record is bounded in all, not only request by request: a GitHub that answers slowly, page after page,
 * cannot hold the run past the bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparedRanges } from '../../src/changes/catch-up.ts';
import type { CiContext } from '../../src/ci/context.ts';
import { gitIn } from '../../src/mechanics/git.ts';
import type { Log } from '../../src/shown/log.ts';
import { recordProof } from '../../src/domain/record-proof.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';

const REPOSITORY = 'octo-org/octo-repo';
let github: GithubStandIn;
beforeAll(async () => {
  github = await startGithubStandIn(REPOSITORY);
});
afterAll(() => github.close());

function ci(): CiContext {
  const range = { base: 'a'.repeat(40), head: 'b'.repeat(40), origin: 'push', branch: 'from-base' } as const;
  return {
    workspace: process.cwd(),
    changeRange: () => range,
    withoutGit: () => Promise.reject(new Error('not asked')),
    record: {
      apiUrl: github.url,
      repository: REPOSITORY,
      token: 'ghs_catchUpTestToken0123456789',
      branchRange: () => range,
    },
  };
}

describe('reading the record', () => {
  it('ends at its bound in all, before any one request reaches its own, and says so as catch-up off', async () => {
    github.deploymentsHang = true;
    const warnings: string[] = [];
    const log = {
      warning: (line: string) => warnings.push(line),
      info: () => {},
      notice: () => {},
    } as unknown as Log;
    const started = performance.now();
    const compared = await comparedRanges(ci(), {
      since: undefined,
      enabled: true,
      target: 'image-cache-invalidate/site',
      deployEnvironment: 'production',
      git: gitIn(process.cwd()),
      log,
      timeoutMs: 30_000,
      readDeadlineMs: 300,
      proof: recordProof('root-key-of-this-test'),
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(compared.record).toEqual({
      state: 'unreadable',
      why: 'the record was not read within 0.3 s, its bound',
    });
    expect(warnings.join('\n')).toContain('Catch-up is off for this run');
  });
});
