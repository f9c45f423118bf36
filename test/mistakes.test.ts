/**
 * The mistakes users make, through the built action as the runner spawns it: each is refused before anything is
 * sent, with the input, the value and the fix; none ends green having done nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from './support/client.ts';
import { useEmulator } from './support/emulator.ts';
import { createOrigin, webhookExample, writeEvent, type Origin, type Sha } from './support/git-repo.ts';
import { runAction, type ActionRun } from './support/runner.ts';

const emulator = useEmulator();
const URL_MAP = 'public/images => https://www.example.com/images';

function action(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs }, env);
}

/** The step failed with this error annotation, and nothing reached the service. */
function expectRefused(run: ActionRun, error: string): void {
  expect(run.exitCode).toBe(1);
  expect(emulator().requests).toEqual([]);
  expect(run.stdout).toContain(`::error::${error}`);
}

describe('a run with nothing to go on', () => {
  it('fails, and shows the three ways to say what to invalidate', async () => {
    const run = await action({});
    expectRefused(
      run,
      "assets: scope 'assets' needs to know what to invalidate, but assets, assets-from, files, files-from and " +
        'url-map are all empty. Give one of:',
    );
    // The runner's escaping keeps the annotation on one line: the three ways are in it.
    expect(run.stdout).toMatch(/%0A {2}- assets: .*%0A {2}- url-map: .*%0A {2}- files: /);
    expect(run.summary).toContain('Nothing was sent');
  });

  it('with url-map misspelt url_map, warns of the input it meant, and fails', async () => {
    const run = await action({}, { INPUT_URL_MAP: URL_MAP });
    expect(run.stdout).toContain(
      '::warning::url_map: is not an input of this action, so it is ignored; did you mean url-map?',
    );
    expectRefused(run, "assets: scope 'assets' needs to know what to invalidate");
  });
});

describe('mistakes refused before anything is sent', () => {
  it('a base-url with the API path in it: names the host and the service key it should be', async () => {
    const base = `${emulator().url}/api/svc/v2/cache`;
    const run = await action({ scope: 'all', 'base-url': base });
    expectRefused(
      run,
      `base-url: ${JSON.stringify(base)} has a path; give the dashboard host alone, base-url: ${emulator().url} ` +
        'and service-key: svc (the action adds /api/<service-key>/v2/cache itself).',
    );
  });

  it('a domain with a path: would clear the whole domain, so points to assets and url-map', async () => {
    const run = await action({ scope: 'domain', domain: 'https://www.example.com/images/' });
    expectRefused(
      run,
      `domain: "https://www.example.com/images/" has a path, but scope 'domain' clears every image of the whole ` +
        "domain www.example.com. To clear some images only, use scope 'assets' with assets (their URLs) or url-map",
    );
  });

  it('a domain with a port: refused the same way', async () => {
    const run = await action({ scope: 'domain', domain: 'www.example.com:8443' });
    expectRefused(run, 'domain: "www.example.com:8443" has a port, but scope \'domain\' clears every image');
  });

  it("an api-key that starts with 'Bearer ': the key alone, and the key never shown", async () => {
    const run = await action({ scope: 'all', 'api-key': `Bearer ${ROOT_KEY}` });
    expectRefused(run, "api-key: starts with 'Bearer ' (value not shown); give the key alone");
    // Registered with the runner as a secret (a mask command, which the runner does not show), and shown nowhere.
    const shown = `${run.stdout}\n${run.stderr}`.replace(/^::add-mask::.*$/gm, '');
    expect(shown + run.summary + run.report).not.toContain(ROOT_KEY);
    expect(run.stdout).toContain(`::add-mask::${ROOT_KEY}`);
  });

  it('assets wrapped in quotes: names each, and says to remove the quotes', async () => {
    const run = await action({ assets: '"https://www.example.com/a.png", "https://www.example.com/b.png"' });
    expectRefused(
      run,
      'assets: 2 entries are neither an absolute http(s) URL nor a 32-character asset hash:',
    );
    expect(run.stdout).toContain(
      '\\"https://www.example.com/a.png\\"": wrapped in quotes: remove the quotes (or give a JSON array of strings)',
    );
  });

  it('paths written with backslashes, which would select nothing: write / between folders', async () => {
    const run = await action({ 'url-map': URL_MAP, paths: 'public\\images\\*.png' });
    expectRefused(
      run,
      `paths: "public\\\\images\\\\*.png" separates folders with '\\', which a pattern reads as an escape; ` +
        `write '/', e.g. "public/images/*.png".`,
    );
  });

  it('a files JSON array with an entry that is not a path: names that entry', async () => {
    const run = await action({ files: '["public/images/a.png", {"path": "b.png"}]', 'url-map': URL_MAP });
    expectRefused(run, 'files: is a JSON array whose entry 2 is "{\\"path\\":\\"b.png\\"}", not a string');
  });
});

describe('what is accepted as a user would write it', () => {
  it('assets as a JSON array of strings, as files takes one', async () => {
    const run = await action({
      assets: '["https://www.example.com/a.png", "https://www.example.com/b.png"]',
    });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([
      'https://www.example.com/a.png',
      'https://www.example.com/b.png',
    ]);
  });
});

describe('a since that names no commit', () => {
  let origin: Origin;
  let head: Sha;
  let api: Server;
  let apiUrl: string;
  beforeAll(async () => {
    origin = createOrigin('mistakes-since-');
    origin.work.write('public/images/a.png');
    head = origin.work.commit('root');
    origin.work.push('main');
    // GitHub's answer to a compare of a ref it does not know.
    api = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    origin.dispose();
    await new Promise((resolve) => api.close(resolve));
  });

  it('fails naming since and its value, after git (with a fetch) and the API both could not find it', async () => {
    const clone = origin.clone({ depth: 1 });
    const run = await action(
      { 'url-map': URL_MAP, since: 'v9.9.9' },
      {
        GITHUB_EVENT_NAME: 'workflow_dispatch',
        GITHUB_EVENT_PATH: writeEvent(origin.root, webhookExample('workflow_dispatch')),
        GITHUB_WORKSPACE: clone.dir,
        GITHUB_SHA: head,
        GITHUB_REPOSITORY: 'octo-org/octo-repo',
        GITHUB_API_URL: apiUrl,
      },
    );
    expectRefused(
      run,
      `since: "v9.9.9" could not be compared with ${head.slice(0, 7)}. git could not find it, even after fetching it`,
    );
    expect(run.stdout).toMatch(/neither could the API \(Not Found/);
    expect(run.stdout).toContain('Give a commit SHA, tag or branch that exists in the repository');
  });
});

describe('credentials where an asset URL goes', () => {
  it('an asset URL with user:password@ is refused, the URL shown without the password', async () => {
    const run = await action({
      assets: 'https://deploy:hunter2-secret@www.example.com/a.png',
      'dry-run': 'true',
    });
    expectRefused(run, 'assets: 1 entry is');
    expect(run.stdout).toContain('"https://***@www.example.com/a.png": holds a user name or password');
    expect(`${run.stdout}${run.stderr}${run.summary}${run.report}`).not.toContain('hunter2');
  });
});

describe('patterns matched in bounded time', () => {
  it('paths with an extended glob is refused, naming it, before anything is sent', async () => {
    const run = await action({ files: 'public/images/a.png', paths: '**/@(a|b).png', 'url-map': URL_MAP });
    expectRefused(run, 'paths: "**/@(a|b).png" uses an extended glob');
  });

  it('a pattern of many wildcards against names made to backtrack: every name answered, the run done', async () => {
    // Each name takes a backtracking matcher seconds: 40 of them, minutes.
    const hostile = Array.from({ length: 40 }, (_, i) => `public/images/${'a-'.repeat(150 + i)}x`);
    const run = await action({
      files: JSON.stringify([...hostile, 'public/images/a-b-c-d-e.png']),
      paths: '**/*-*-*-*-*.png',
      'url-map': URL_MAP,
    });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/images/a-b-c-d-e.png']);
  }, 30_000);
});
