/**
 * One version everywhere: package.json (the npm package and the command's --version), the user agent that the
 * action sends (src/version.ts), and the newest release section of CHANGELOG.md, which the release workflow
 * publishes as the release notes of tag v<version>.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USER_AGENT, VERSION } from '../src/mechanics/version.ts';
import { ROOT } from './support/command.ts';
import { guidePaths } from './support/docs.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
const releases = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)];

describe('the version', () => {
  it('is semantic: major.minor.patch', () => {
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is the same in package.json and in the user agent', () => {
    expect(VERSION).toBe(pkg.version);
    expect(USER_AGENT).toBe(`image-cache-invalidate/${pkg.version}`);
  });

  it("is CHANGELOG.md's newest release, dated, with a link to its tag", () => {
    expect(releases[0]?.[1]).toBe(pkg.version);
    expect(changelog).toMatch(
      new RegExp(
        `^\\[${pkg.version.replaceAll('.', '\\.')}\\]: https://github\\.com/.+/releases/tag/v${pkg.version}$`,
        'm',
      ),
    );
  });

  it('has a CHANGELOG section that the release workflow can cut out: the lines up to the next section', () => {
    const section = changelog.split(/^## /m).find((part) => part.startsWith(`[${pkg.version}]`)) ?? '';
    expect(section).toContain('### Added');
    expect(section.length).toBeGreaterThan(500);
  });

  it("is the guide's: every `uses:` of the action names the major tag, and the pin example this version", () => {
    const readme = guidePaths()
      .map((path) => readFileSync(join(ROOT, path), 'utf8'))
      .join('\n');
    const uses = [...readme.matchAll(/uses: image-cache-invalidate\/image-cache-invalidate@(\S+)(.*)$/gm)];
    const major = `v${pkg.version.split('.')[0] ?? ''}`;
    const pins = uses.filter(([, ref = '']) => ref !== major);
    expect(uses.length - pins.length).toBeGreaterThanOrEqual(3);
    // The pin is printed by a command that asks for the commit of this version's tag, with the version beside it.
    expect(pins.map(([line]) => line)).toEqual([
      expect.stringContaining(`/commits/v${pkg.version} --jq .sha) # v${pkg.version}`),
    ]);
    expect(readme).toContain('## Versions');
  });

  it('is the same in package-lock.json', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { version: string };
    expect(lock.version).toBe(pkg.version);
  });
});
