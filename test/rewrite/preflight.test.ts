import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/mechanics/input-error.ts';
import { checkRewrite } from '../../src/rewrite/preflight.ts';

let workspace: string;
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'rewrite-preflight-'));
  mkdirSync(join(workspace, 'build', 'vendor'), { recursive: true });
  writeFileSync(join(workspace, 'build', 'vendor', 'lib.css'), 'body{}');
  writeFileSync(join(workspace, 'build', 'about.html'), '<p>no images</p>');
  writeFileSync(
    join(workspace, 'build', 'index.html'),
    '<img src="https://IMG.example.net/w:640/https://www.example.com/a.jpg">',
  );
});
afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
});

describe('checkRewrite', () => {
  it('passes when every pattern matches a file and one of them mentions image-host, in any case', async () => {
    await expect(
      checkRewrite(workspace, ['build/**/*.html', 'build/**/*.css', '!build/vendor/**'], 'img.example.net'),
    ).resolves.toBeUndefined();
  });

  it('names the first pattern that matches no file', async () => {
    await expect(checkRewrite(workspace, ['build/**/*.html', 'site/**'], 'img.example.net')).rejects.toThrow(
      'rewrite: "site/**" matches no file in the workspace',
    );
  });

  it('says when a ! pattern leaves out every file the others match', async () => {
    await expect(
      checkRewrite(workspace, ['build/vendor/**', '!**/*.css'], 'img.example.net'),
    ).rejects.toThrow("rewrite: every file its patterns match is left out by a '!' pattern");
  });

  it('refuses an image-host that no selected file mentions, counting the files', async () => {
    const refused = checkRewrite(workspace, ['build/**/*.html'], 'img.example.com');
    await expect(refused).rejects.toBeInstanceOf(InputError);
    await expect(refused).rejects.toThrow(
      'image-host: "img.example.com" appears in none of the 2 files that rewrite selects (such as "build/about.html")',
    );
  });

  it('names a workspace that cannot be listed', async () => {
    await expect(checkRewrite(join(workspace, 'gone'), ['build/**'], 'img.example.net')).rejects.toThrow(
      /^rewrite: the workspace ".*gone" cannot be listed \(ENOENT\)/,
    );
  });

  describe('a selected file that rewrite would refuse', () => {
    // 65 MiB, over what rewrite reads: a sparse file, so that nothing is written to make it.
    const big = (path: string): void => {
      writeFileSync(join(workspace, path), '');
      truncateSync(join(workspace, path), 65 * 2 ** 20);
    };

    it('is refused before anything is sent, named with why, when it comes before the first file naming the host', async () => {
      mkdirSync(join(workspace, 'first'), { recursive: true });
      big('first/a-big.html');
      writeFileSync(
        join(workspace, 'first', 'b.html'),
        '<img src="https://img.example.net/w:1/https://x.test/a.jpg">',
      );
      await expect(checkRewrite(workspace, ['first/*.html'], 'img.example.net')).rejects.toThrow(
        /rewrite: "first\/a-big\.html": 65\.0 MiB, over the 64 MiB that rewrite reads/,
      );
    });

    it('is refused before anything is sent when it comes after a file naming the host', async () => {
      mkdirSync(join(workspace, 'after'), { recursive: true });
      writeFileSync(
        join(workspace, 'after', 'a.html'),
        '<img src="https://img.example.net/w:1/https://x.test/a.jpg">',
      );
      big('after/z-big.html');
      await expect(checkRewrite(workspace, ['after/*.html'], 'img.example.net')).rejects.toThrow(
        /rewrite: "after\/z-big\.html": 65\.0 MiB, over the 64 MiB that rewrite reads/,
      );
    });
  });
});
