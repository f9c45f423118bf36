/**
 * `rewrite-with: content`, end to end: a small built site (HTML with srcset, CSS, JSON with escaped slashes, JS)
 * whose pages show images a, b, c and d; a push changes b and deletes d. The built action, spawned as the runner
 * spawns it, on the pushed checkout: only b's URLs get a new cache buster, its content's, and every other byte of
 * every page stays as it was.
 */
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCacheBuster, imageUrl } from '../../src/lib.ts';
import { ROOT_KEY } from '../support/client.ts';
import { rendered } from '../support/markdown.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushPayload, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();
const golden = (name: string): string =>
  readFileSync(new URL(`../rewrite/golden/site/${name}.golden`, import.meta.url), 'latin1');
const PAGES = ['index.html', 'style.css', 'data.json', 'app.js'];
const [INPUTS, EXPECTED] = ['input', 'expected'].map((kind) =>
  Object.fromEntries(PAGES.map((page) => [page, golden(page.replace('.', `.${kind}.`))])),
) as [Record<string, string>, Record<string, string>];

const NEW_B = Buffer.from('b, second version\n');
const image = (name: string): string => `https://www.example.com/images/${name}`;

let origin: Origin;
let base: Sha;
let head: Sha;
beforeAll(() => {
  origin = createOrigin('rewrite-content-');
  const work = origin.work;
  for (const name of ['a', 'b', 'c', 'd'])
    work.write(`public/images/${name}.png`, `${name}, first version\n`);
  base = work.commit('images');
  work.write('public/images/b.png', NEW_B.toString());
  work.remove('public/images/d.png');
  head = work.commit('b changed, d deleted');
  work.push('main');
});
afterAll(() => {
  origin.dispose();
});

/** A fresh checkout of the push with the site built into build/, and the action run on it. */
async function deploy(workspace = checkout(), extra: Record<string, string> = {}): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': 'public/images => https://www.example.com/images',
      'image-host': 'img.example.net',
      rewrite: 'build/**',
      'rewrite-with': 'content',
      ...extra,
    },
    {
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(base, head)),
      GITHUB_WORKSPACE: workspace,
      GITHUB_SHA: head,
    },
  );
}

function checkout(): string {
  const dir = origin.clone().dir;
  mkdirSync(join(dir, 'build'));
  for (const page of PAGES) writeFileSync(join(dir, 'build', page), INPUTS[page] ?? '', 'latin1');
  return dir;
}

const pages = (workspace: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(join(workspace, 'build')).map((page) => [
      page,
      readFileSync(join(workspace, 'build', page), 'latin1'),
    ]),
  );

describe('rewrite-with: content', () => {
  it("sets b's URLs, and only b's, to b's content value; every other byte stays", async () => {
    const workspace = checkout();
    const run = await deploy(workspace);
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets.toSorted()).toEqual([image('b.png'), image('d.png')]);
    const value = contentCacheBuster(NEW_B);
    const expected = Object.fromEntries(
      PAGES.map((page) => [page, (EXPECTED[page] ?? '').replaceAll('__B__', value)]),
    );
    expect(pages(workspace)).toEqual(expected);
    expect(emulator().requests.map((request) => request.route)).not.toContain('token');
  });

  it('gives the value the library computes from the file, and imageUrl writes the same URL', async () => {
    const workspace = checkout();
    await deploy(workspace);
    const value = contentCacheBuster(readFileSync(join(workspace, 'public/images/b.png')));
    const url = imageUrl({
      imageHost: 'img.example.net',
      originUrl: image('b.png'),
      cacheBuster: value,
      segments: { w: 640 },
    });
    expect(pages(workspace)['index.html']).toContain(`"${url}"`);
  });

  it('changes nothing the second time', async () => {
    const workspace = checkout();
    await deploy(workspace);
    const once = pages(workspace);
    const run = await deploy(workspace);
    expect(pages(workspace)).toEqual(once);
    expect(JSON.parse(run.report)).toMatchObject({ rewrite: { urls: 0, files: [] } });
  });

  it('lists the deleted image as not rewritten, with why, and says per file which URL got which value', async () => {
    const run = await deploy();
    const report = JSON.parse(run.report) as {
      rewrite: {
        files: { path: string; cacheBusters?: Record<string, string> }[];
        notRewritten: { ref: string; reason: string }[];
      };
    };
    expect(report.rewrite.notRewritten).toEqual([
      { ref: image('d.png'), reason: 'public/images/d.png is not in the workspace (deleted)' },
    ]);
    const value = contentCacheBuster(NEW_B);
    expect(report.rewrite.files.map((file) => [file.path, file.cacheBusters])).toEqual(
      ['build/app.js', 'build/data.json', 'build/index.html', 'build/style.css'].map((path) => [
        path,
        { [image('b.png')]: value },
      ]),
    );
    expect(rendered(run.summary)).toContain(`build/index.html | ${image('b.png')} | cb:${value} |`);
    expect(rendered(run.summary)).toContain(
      `${image('d.png')}: public/images/d.png is not in the workspace (deleted)`,
    );
  });

  it('on a dry run, lists the same and writes nothing', async () => {
    const workspace = checkout();
    const run = await deploy(workspace, { 'dry-run': 'true' });
    expect(run.exitCode).toBe(0);
    expect(pages(workspace)).toEqual(INPUTS);
    expect(JSON.parse(run.report)).toMatchObject({ rewrite: { urls: 6 } });
  });

  it('refuses any other value of rewrite-with before anything is sent', async () => {
    const run = await deploy(checkout(), { 'rewrite-with': 'hash' });
    expect(run.exitCode).toBe(1);
    expect(emulator().requests).toHaveLength(0);
    expect(run.stdout).toContain('rewrite-with: "hash" is not one of token, content.');
  });

  it('needs url-map: without changed files, there is nothing to take the values from', async () => {
    const run = await runAction({
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      assets: image('a.png'),
      'image-host': 'img.example.net',
      rewrite: 'build/**',
      'rewrite-with': 'content',
    });
    expect(run.exitCode).toBe(1);
    expect(emulator().requests).toHaveLength(0);
    expect(run.stdout).toContain('rewrite-with: content gives each changed image a value from its file');
  });
});

describe('contentBusters reads only regular files of the workspace', () => {
  it('gives no value to an image that is a link out of the workspace, and says why without its content', async () => {
    const { contentBusters } = await import('../../src/rewrite/content.ts');
    const { mkdtempSync, rmSync, symlinkSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const workspace = mkdtempSync(join(tmpdir(), 'content-ws-'));
    const outside = mkdtempSync(join(tmpdir(), 'content-outside-'));
    try {
      writeFileSync(join(outside, 'secret.txt'), 'the runner keeps this');
      mkdirSync(join(workspace, 'img'));
      symlinkSync(join(outside, 'secret.txt'), join(workspace, 'img', 'away.png'));
      symlinkSync('/dev/zero', join(workspace, 'img', 'zero.png'));
      writeFileSync(join(workspace, 'img', 'real.png'), 'png');
      const refs = ['https://x.test/away.png', 'https://x.test/zero.png', 'https://x.test/real.png'];
      const fileOf = new Map(refs.map((ref) => [ref, `img/${ref.slice('https://x.test/'.length)}`]));
      const result = await contentBusters(refs, fileOf, workspace);
      expect([...result.values.keys()]).toEqual(['https://x.test/real.png']);
      expect(result.notRewritten.map((entry) => entry.reason).sort()).toEqual([
        'img/away.png is a symbolic link that leads outside the workspace',
        'img/zero.png is a symbolic link that leads outside the workspace',
      ]);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
