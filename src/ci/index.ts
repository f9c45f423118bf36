import { bitbucketCi } from './bitbucket.ts';
import { localCi, type CiContext } from './context.ts';
import { githubCi, githubContextFromEnv } from './github.ts';
import type { ApiLimits } from '../github/api.ts';
import { gitlabCi } from './gitlab.ts';

export type { CiContext } from './context.ts';

/** The CI that the environment describes: GitHub Actions, GitLab CI, Bitbucket Pipelines, or none. */
export function ciFromEnv(env: NodeJS.ProcessEnv, githubToken: string, limits?: ApiLimits): CiContext {
  if (env.GITHUB_ACTIONS === 'true' || (env.GITHUB_EVENT_NAME ?? '') !== '')
    return githubCi(githubContextFromEnv(githubToken, env, limits));
  if (env.GITLAB_CI === 'true') return gitlabCi(env);
  if ((env.BITBUCKET_BUILD_NUMBER ?? '') !== '') return bitbucketCi(env);
  return localCi(process.cwd());
}
