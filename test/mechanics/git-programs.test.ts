/**
 * git starts no program that the checkout (its .git/config, its .gitattributes, its objects/info/alternates) or the
 * environment names, during the commands the action runs: the diff of the two commits, the fetch of a base that a
 * shallow checkout lacks, and the read of an image at the base. Each setting names a script that, if run, leaves a
 * file named after the setting; no such file may appear. Real git, real repositories, real servers on 127.0.0.1.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gitChangedFiles } from '../../src/changes/git.ts';
import { gitBytesIn, gitIn } from '../../src/mechanics/git.ts';
import { createOrigin, git, type GitRepo, type Origin, type Sha } from '../support/git-repo.ts';

let origin: Origin;
let base: Sha;
let head: Sha;
/** Answers every request 401 with a Basic challenge: git then asks for a user name and a password. */
let asksForPassword: Server;
let passwordUrl = '';
/** The depth-1 checkout of head, as actions/checkout makes it: each test works on a copy of its own. */
let pristine: GitRepo;

beforeAll(async () => {
  origin = createOrigin('git-programs-');
  const work = origin.work;
  // Attributes name a diff driver and a filter for every image: git runs them only where the command asks.
  work.write('.gitattributes', '*.png diff=tool filter=tool\n').write('images/a.png', 'before\n');
  base = work.commit('base');
  work.write('images/a.png', 'after\n').write('images/b.png');
  head = work.commit('head');
  work.push('main');
  pristine = origin.clone({ depth: 1 });
  asksForPassword = createServer((_request, response) => {
    response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="origin"' }).end();
  });
  await new Promise<void>((resolve) => asksForPassword.listen(0, '127.0.0.1', resolve));
  passwordUrl = `http://127.0.0.1:${String((asksForPassword.address() as AddressInfo).port)}/repo.git`;
});

afterAll(async () => {
  origin.dispose();
  await new Promise((resolve) => asksForPassword.close(resolve));
});

let marks: string;

beforeEach(() => {
  marks = mkdtempSync(join(origin.root, 'ran-'));
});
afterEach(() => {
  rmSync(marks, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** A script that leaves a file named `name` in the marks folder when run, then runs `then`. */
function program(name: string, then = ''): string {
  // A folder of its own: two programs of the same setting never share a file.
  const file = join(mkdtempSync(join(origin.root, 'program-')), `${name.replace(/[^\w.-]/g, '_')}.sh`);
  writeFileSync(file, `#!/bin/sh\necho "$@" > '${join(marks, name.replace(/[^\w.-]/g, '_'))}'\n${then}`);
  chmodSync(file, 0o755);
  return file;
}

/** What the action runs in a depth-1 checkout of head: the diff (fetching the base), and a read of the base image. */
async function runTheActionsCommands(clone: GitRepo): Promise<void> {
  await gitChangedFiles({ base, head, origin: 'push' }, gitIn(clone.dir)).catch(() => undefined);
  await gitBytesIn(clone.dir)(['cat-file', 'blob', `${base}:images/a.png`], 1024).catch(() => undefined);
}

const ran = (): string[] => (existsSync(marks) ? readdirSync(marks).sort() : []);

/** A depth-1 clone of head whose config names `program` for `key`, and whose origin is `url` if given. */
function checkout(settings: Record<string, string>, url?: string): GitRepo {
  const clone = origin.copy(pristine);
  for (const [key, value] of Object.entries(settings)) clone.git('config', '--add', key, value);
  if (url !== undefined) clone.git('remote', 'set-url', 'origin', url);
  return clone;
}

describe('a program named in the checkout’s config', () => {
  it.each([
    ['core.fsmonitor', undefined],
    ['core.pager', undefined],
    ['pager.diff', undefined],
    ['diff.external', undefined],
    ['diff.tool.textconv', undefined],
    ['diff.tool.command', undefined],
    ['filter.tool.clean', undefined],
    ['filter.tool.smudge', undefined],
    ['filter.tool.process', undefined],
    ['gpg.program', undefined],
    ['core.alternateRefsCommand', undefined],
    ['core.gitProxy', 'git://127.0.0.1:9/repo.git'],
    ['core.sshCommand', 'ssh://127.0.0.1:9/repo.git'],
    ['core.askPass', 'password'],
    ['credential.helper', 'password'],
    ['credential.<origin>.helper', 'password'],
  ])('%s does not run (origin: %s)', async (name, remote) => {
    const url = remote === 'password' ? passwordUrl : remote;
    const key = name.replace('<origin>', new URL(passwordUrl).origin);
    const clone = checkout({ [key]: program(name), 'log.showSignature': 'true' }, url);
    if (key === 'core.alternateRefsCommand') {
      // Alternates: another repository's objects, whose refs git lists (through this command) when it fetches.
      const other = origin.emptyDir();
      git(other, ['init', '--quiet']);
      git(other, ['commit', '--quiet', '--allow-empty', '-m', 'unrelated']);
      writeFileSync(join(clone.dir, '.git/objects/info/alternates'), `${join(other, '.git/objects')}\n`);
    }
    await runTheActionsCommands(clone);
    expect(ran()).toEqual([]);
    // Over file://, the fetch still fetches the base: git lists an alternate's refs itself.
    if (url === undefined) expect(clone.has(base)).toBe(true);
  });

  it('remote.origin.uploadpack does not run, and the base is fetched all the same', async () => {
    const clone = checkout({
      'remote.origin.uploadpack': program('remote.origin.uploadpack', 'exec git-upload-pack "$@"\n'),
    });
    await runTheActionsCommands(clone);
    expect(ran()).toEqual([]);
    expect(clone.has(base)).toBe(true);
  });

  it('hooks in core.hooksPath do not run', async () => {
    const hooks = mkdtempSync(join(origin.root, 'hooks-'));
    for (const hook of ['reference-transaction', 'post-checkout', 'pre-auto-gc', 'post-index-change']) {
      writeFileSync(join(hooks, hook), `#!/bin/sh\necho > '${join(marks, hook)}'\n`);
      chmodSync(join(hooks, hook), 0o755);
    }
    await runTheActionsCommands(checkout({ 'core.hooksPath': hooks }));
    expect(ran()).toEqual([]);
  });

  it('an origin URL rewritten by url.<base>.insteadOf into the ext:: transport does not run', async () => {
    const clone = checkout({ [`url.ext::${program('ext')} %S .insteadOf`]: 'file://' });
    await runTheActionsCommands(clone);
    expect(ran()).toEqual([]);
  });
});

describe('a program named in the environment', () => {
  it.each([
    ['GIT_ASKPASS', 'password'],
    ['SSH_ASKPASS', 'password'],
    ['GIT_PROXY_COMMAND', 'git://127.0.0.1:9/repo.git'],
    ['GIT_SSH', 'ssh://127.0.0.1:9/repo.git'],
    ['GIT_SSH_COMMAND', 'ssh://127.0.0.1:9/repo.git'],
    ['GIT_EXTERNAL_DIFF', undefined],
    ['GIT_PAGER', undefined],
    ['PAGER', undefined],
  ])('%s does not run (origin: %s)', async (name, remote) => {
    vi.stubEnv(name, program(name));
    await runTheActionsCommands(checkout({}, remote === 'password' ? passwordUrl : remote));
    expect(ran()).toEqual([]);
  });
});

describe('what the safeguards leave working', () => {
  it('a fetch over file:// still fetches the base and the diff lists the changed images', async () => {
    const clone = checkout({});
    const diff = await gitChangedFiles({ base, head, origin: 'push' }, gitIn(clone.dir));
    expect(diff.files.sort()).toEqual(['images/a.png', 'images/b.png']);
  });
});
