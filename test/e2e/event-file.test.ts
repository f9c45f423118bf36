/**
 * The event file (GITHUB_EVENT_PATH) is read once, by the action's own guarded read (a regular file, within a cap):
 * no library reads it again behind the action's back, through the built action, on a run that writes the record
 * (and so loads GitHub's client) against a stand-in of GitHub's REST API.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, type Origin, type Sha } from '../support/git-repo.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();
const REPOSITORY = 'octo-org/octo-repo';
const CONTEXT = 'image-cache-invalidate/site';
/** Long enough for a run on a loaded machine, short enough that a run blocked on the event file is caught. */
const BLOCKED_AFTER_MS = 30_000;

let origin: Origin;
let github: GithubStandIn;
beforeEach(async () => {
  origin = createOrigin('event-file-');
  github = await startGithubStandIn(REPOSITORY, origin.bare);
});
afterEach(async () => {
  origin.dispose();
  await github.close();
});

function commitImage(name: string): Sha {
  origin.work.write(`public/images/${name}`, `${name}\n`);
  const sha = origin.work.commit(`change ${name}`);
  origin.work.push('main');
  return sha;
}

/** A scheduled run (its event names no commit: `since` gives the base) whose event file is `eventPath`. */
function scheduled(eventPath: string, since: Sha, head: Sha): Promise<ActionRun & { killed: boolean }> {
  let killed = false;
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': 'public/images => https://www.example.com/images',
      'record-name': CONTEXT,
      since,
    },
    {
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: 'schedule',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_WORKSPACE: origin.clone({ depth: 1 }).dir,
      GITHUB_SHA: head,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '4242',
    },
    (child) => {
      const timer = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, BLOCKED_AFTER_MS);
      child.once('exit', () => {
        clearTimeout(timer);
      });
    },
  ).then((run) => ({ ...run, killed }));
}

describe('the event file', () => {
  it('a FIFO there does not block the run: it is refused by the guarded read, and nothing reads it again', async () => {
    const base = commitImage('a.png');
    const head = commitImage('b.png');
    const fifo = join(origin.root, 'event.fifo');
    execFileSync('mkfifo', [fifo]);
    const run = await scheduled(fifo, base, head);
    expect(run.killed).toBe(false);
    expect(run.exitCode).toBe(0);
    expect([...emulator().invalidated.assets]).toEqual(['https://www.example.com/images/b.png']);
    // The record was read and written through GitHub's client: the path where it used to read the file again.
    expect(github.deploymentsOf(CONTEXT).map((record) => record.sha)).toEqual([head]);
  }, 60_000);

  it('a missing file is not said raw in the log by a library, and the run goes on', async () => {
    const base = commitImage('a.png');
    const head = commitImage('b.png');
    const run = await scheduled(join(origin.root, 'no-such-event.json'), base, head);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toMatch(/GITHUB_EVENT_PATH .* does not exist/);
    expect(github.deploymentsOf(CONTEXT).map((record) => record.sha)).toEqual([head]);
  }, 60_000);
});
