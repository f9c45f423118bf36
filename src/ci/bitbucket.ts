import { pipelineCi, type CiContext } from './context.ts';

/**
 * Bitbucket Pipelines, from its variables: a pull request pipeline compares the destination branch's commit with
 * BITBUCKET_COMMIT. A push names no earlier commit, so it needs `since`.
 */
export function bitbucketCi(env: NodeJS.ProcessEnv): CiContext {
  const head = env.BITBUCKET_COMMIT || 'HEAD';
  const base = env.BITBUCKET_PR_DESTINATION_COMMIT ?? '';
  const pr = env.BITBUCKET_PR_ID ?? '';
  return pipelineCi({
    workspace: env.BITBUCKET_CLONE_DIR || process.cwd(),
    head,
    ...(base === '' ? {} : { range: { base, head, origin: `pull request #${pr}` } }),
    noRange:
      'since: Bitbucket Pipelines names no earlier commit for a push. Set since to a commit, tag or branch ' +
      '(IMAGE_CACHE_SINCE, or --since), e.g. --since "$LAST_DEPLOYED_SHA", or run it in a pull request pipeline.',
    remedy: 'Let the step clone the repository (clone: enabled)',
  });
}
