/**
 * The mistakes users make, through the built action as the runner spawns it: each is refused before anything is
 * sent, with the input, the value and the fix; none ends green having done nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, webhookExample, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

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
  it('fails, and shows the four ways to say what to invalidate', async () => {
    const run = await action({});
    expectRefused(
      run,
      "assets: scope 'assets' needs to know what to invalidate, but assets, assets-from, files, files-from, " +
        'url-map and site are all empty. Give one of:',
    );
    // The runner's escaping keeps the annotation on one line: the four ways are in it.
    expect(run.stdout).toMatch(/%0A {2}- assets: .*%0A {2}- url-map: .*%0A {2}- site: .*%0A {2}- files: /);
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

  it('assets as a quoted, comma-separated list on one line: refused as several entries', async () => {
    const line = '"https://www.example.com/a.png", "https://www.example.com/b.png"';
    const run = await action({ assets: line });
    expectRefused(
      run,
      `assets: line 1, ${JSON.stringify(line)}, holds several entries; give one entry per line`,
    );
  });

  it('an asset wrapped in quotes: names it, and says to remove the quotes', async () => {
    const run = await action({ assets: '"https://www.example.com/a.png"' });
    expectRefused(run, 'assets: 1 entry is neither an absolute http(s) URL nor a 32-character asset hash:');
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
      `since: "v9.9.9" could not be compared with ${head.slice(0, 7)}: git could not find it, even after fetching it`,
    );
    expect(run.stdout).toMatch(
      /neither could the API \(GET \/repos\/octo-org\/octo-repo\/compare\/v9\.9\.9\.\.\.\w+ answered 404 "Not Found"\)/,
    );
    expect(run.stdout).toContain('Give a commit SHA, tag or branch that exists in the repository');
  });
});

describe('a list written on one line, refused before anything is sent', () => {
  const listHelp = 'give one entry per line, or a JSON array of strings';

  it('files space-separated, one name holding a space: names files and the line', async () => {
    const line = 'public/images/hero.jpg public/images/team photo.jpg';
    const run = await action({ files: line, 'url-map': URL_MAP });
    expectRefused(run, `files: line 1, ${JSON.stringify(line)}, holds several entries`);
    expect(run.stdout).toContain(listHelp);
  });

  it('files comma-separated, as a changed-files action writes its csv format', async () => {
    const line = 'public/images/hero.jpg,public/images/logo.png';
    const run = await action({ files: line, 'url-map': URL_MAP });
    expectRefused(run, `files: line 1, ${JSON.stringify(line)}, holds several entries`);
  });

  it('files with backslash-escaped spaces, as a shell escapes them', async () => {
    const line = 'public/images/hero.jpg public/images/team\\ photo.jpg';
    const run = await action({ files: line, 'url-map': URL_MAP });
    expectRefused(run, `files: line 1, ${JSON.stringify(line)}, holds several entries`);
  });

  it('asset URLs run together: names the two URLs', async () => {
    const line = 'https://www.example.com/x.jpghttps://www.example.com/y.jpg';
    const run = await action({ assets: line });
    expectRefused(run, `assets: line 1, ${JSON.stringify(line)}, holds several entries run together`);
  });

  it('assets-from with two URLs on a line: names assets-from and its file, not assets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mistakes-list-'));
    try {
      writeFileSync(
        join(dir, 'list.txt'),
        'https://www.example.com/a.jpg\nhttps://www.example.com/b.jpg https://www.example.com/c.jpg\n',
      );
      const run = await action({ 'assets-from': 'list.txt' }, { GITHUB_WORKSPACE: dir });
      expectRefused(
        run,
        'assets-from "list.txt": line 2, "https://www.example.com/b.jpg https://www.example.com/c.jpg", holds several entries',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a name with a space alone on its line is one path', async () => {
    const run = await action({ files: 'public/images/team photo.jpg', 'url-map': URL_MAP });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/images/team%20photo.jpg']);
  });

  it("a path that starts with '[' is a path, not a broken JSON array", async () => {
    const run = await action({ files: '[2024] cover.png', 'url-map': '. => https://www.example.com' });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/[2024]%20cover.png']);
  });
});

describe('url-map mistakes, each shown as it should be written', () => {
  it('two rules on one line, separated by a comma', async () => {
    const line = 'public/images => https://www.example.com/images, static => https://cdn.example.com/static';
    const run = await action({ files: 'public/images/a.png', 'url-map': line });
    expectRefused(run, `url-map: ${JSON.stringify(line)} holds 2 rules; write one rule per line:`);
    expect(run.stdout).toContain(
      '%0A  public/images => https://www.example.com/images%0A  static => https://cdn.example.com/static',
    );
  });

  it('a rule written with backslashes', async () => {
    const run = await action({
      files: 'public/images/a.png',
      'url-map': 'public\\images => https://www.example.com/images',
    });
    expectRefused(
      run,
      `url-map: "public\\\\images => https://www.example.com/images" separates folders with '\\'; write '/': ` +
        'public/images => https://www.example.com/images',
    );
  });

  it('a URL prefix with a query', async () => {
    const run = await action({
      files: 'public/images/a.png',
      'url-map': 'public/images => https://www.example.com/images?v=2',
    });
    expectRefused(
      run,
      'url-map: "public/images => https://www.example.com/images?v=2" has a query or fragment in its URL prefix, ' +
        'which no image URL can continue; write: public/images => https://www.example.com/images',
    );
  });

  it('two rules for the same path prefix', async () => {
    const run = await action({
      files: 'public/images/a.png',
      'url-map':
        'public/images => https://www.example.com/images\n./public/images/ => https://cdn.example.com/images',
    });
    expectRefused(run, 'url-map: two rules for the path prefix "public/images"');
  });
});

describe('paths that select none of the changed files', () => {
  it('*.jpg with the images in folders: the notice and the summary suggest **/*.jpg', async () => {
    const run = await action({ files: 'public/images/a.jpg', 'url-map': URL_MAP, paths: '*.jpg' });
    expect(run.exitCode).toBe(0);
    expect(emulator().requests).toEqual([]);
    const hint = '"*.jpg" matches files at the top level only; "**/*.jpg" matches them in every folder';
    expect(run.stdout).toContain(hint);
    expect(run.summary).toContain(hint.replaceAll('*', '\\*'));
  });
});

describe('a delivery URL given as an asset', () => {
  const delivery = 'https://img.example.net/cb:abc/w:640/https://www.example.com/a.jpg';

  it('without image-host: refused, naming the origin URL to give', async () => {
    const run = await action({ assets: delivery });
    expectRefused(
      run,
      `assets: ${JSON.stringify(delivery)} is an image delivery URL; give the origin image URL it serves, ` +
        '"https://www.example.com/a.jpg"',
    );
  });

  it('on image-host: its origin URL is invalidated, and the log and the summary say so', async () => {
    const run = await action({ assets: delivery, 'image-host': 'img.example.net' });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/a.jpg']);
    const said = '1 asset was given as an image delivery URL: its origin image URL is invalidated';
    expect(run.stdout).toContain(said);
    expect(run.summary).toContain(said);
  });
});

describe('an api-key that cannot be the key, refused without showing it', () => {
  it.each([
    ['wrapped in quotes', `"${ROOT_KEY}"`, 'api-key: is wrapped in quotes (value not shown)'],
    [
      'a GitHub token',
      'ghp_0123456789abcdefABCDEF0123456789abcd',
      'api-key: looks like a GitHub token (value not shown)',
    ],
  ])('%s', async (_name, key, error) => {
    const run = await action({ scope: 'all', 'api-key': key });
    expectRefused(run, error);
    const shown = `${run.stdout}\n${run.stderr}`.replace(/^::add-mask::.*$/gm, '');
    expect(shown + run.summary + run.report).not.toContain(key.replaceAll('"', ''));
  });
});

describe('rewrite checked before the first call', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mistakes-rewrite-'));
    mkdirSync(join(dir, 'build'));
    writeFileSync(
      join(dir, 'build', 'index.html'),
      '<img src="https://img.example.net/w:640/https://www.example.com/a.jpg">',
    );
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const inputs = {
    assets: 'https://www.example.com/a.jpg',
    token: 'true',
    'image-host': 'img.example.net',
  };

  it('a glob that matches no file: names the pattern', async () => {
    const run = await action(
      { ...inputs, rewrite: 'build/**/*.html\ndist/**/*.html' },
      { GITHUB_WORKSPACE: dir },
    );
    expectRefused(run, 'rewrite: "dist/**/*.html" matches no file in the workspace');
  });

  it('an image-host that no selected file mentions', async () => {
    const run = await action(
      { ...inputs, 'image-host': 'img.example.com', rewrite: 'build/**/*.html' },
      { GITHUB_WORKSPACE: dir },
    );
    expectRefused(run, 'image-host: "img.example.com" appears in none of the 1 file that rewrite selects');
  });
});

describe('an event payload that is missing', () => {
  it('is an error naming the event and the path, never a guess', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mistakes-event-'));
    try {
      const path = join(dir, 'event.json');
      const run = await action(
        { 'url-map': URL_MAP },
        { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: path, GITHUB_WORKSPACE: dir },
      );
      expectRefused(
        run,
        `GITHUB_EVENT_PATH: the payload of the 'push' event (GITHUB_EVENT_NAME) cannot be read from ${JSON.stringify(path)} (ENOENT)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
  it('paths that GitHub would refuse is refused, naming it and why, before anything is sent', async () => {
    const run = await action({ files: 'public/images/a.png', paths: '**/[!a].png', 'url-map': URL_MAP });
    expectRefused(run, `paths: "**/[!a].png" starts a class with '!'`);
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
