import { PARENT, ZERO_SHA, type CommitRange } from '../domain/range.ts';
import { pipelineCi, type CiContext } from './context.ts';

/**
 * GitLab CI, from its predefined variables: a push compares CI_COMMIT_BEFORE_SHA with CI_COMMIT_SHA (a new branch,
 * whose before is all zeros, compares the pushed commit with its parent); a merge request pipeline compares the
 * merge request's diff base with CI_COMMIT_SHA. Other pipelines (schedules, manual runs, triggers) name no commits.
 */
export function gitlabCi(env: NodeJS.ProcessEnv): CiContext {
  const source = env.CI_PIPELINE_SOURCE ?? '';
  const head = env.CI_COMMIT_SHA || 'HEAD';
  const range = gitlabRange(env, source, head);
  return pipelineCi({
    workspace: env.CI_PROJECT_DIR || process.cwd(),
    head,
    range,
    noRange:
      `since: the GitLab pipeline's source is '${source}', which names no commits to compare. Set since to a ` +
      'commit, tag or branch (IMAGE_CACHE_SINCE, or --since), e.g. --since "$LAST_DEPLOYED_SHA".',
    remedy: 'Let the job fetch the repository (GIT_STRATEGY fetch or clone, not none)',
  });
}

function gitlabRange(env: NodeJS.ProcessEnv, source: string, head: string): CommitRange | undefined {
  if (source === 'merge_request_event') {
    const base = env.CI_MERGE_REQUEST_DIFF_BASE_SHA ?? '';
    const iid = env.CI_MERGE_REQUEST_IID ?? '';
    return base === '' ? undefined : { base, head, origin: `merge request${iid === '' ? '' : ` !${iid}`}` };
  }
  if (source !== 'push') return undefined;
  const before = env.CI_COMMIT_BEFORE_SHA ?? '';
  if (before === '' || ZERO_SHA.test(before)) return { base: PARENT, head, origin: 'push (new branch)' };
  return { base: before, head, origin: 'push' };
}
