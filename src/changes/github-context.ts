import { existsSync, readFileSync } from 'node:fs';
import type { GithubContext } from './event.ts';

/** The workflow run, as the runner describes it in GITHUB_* variables; outside GitHub, mostly empty. */
export function githubContextFromEnv(token: string, env: NodeJS.ProcessEnv = process.env): GithubContext {
  const eventPath = env.GITHUB_EVENT_PATH ?? '';
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload:
      eventPath !== '' && existsSync(eventPath)
        ? (JSON.parse(readFileSync(eventPath, 'utf8')) as unknown)
        : {},
    sha: env.GITHUB_SHA || 'HEAD',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    repository: env.GITHUB_REPOSITORY ?? '',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    token,
  };
}
