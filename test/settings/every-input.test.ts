import { describe, expect, it } from 'vitest';
import { withListFiles } from '../../src/settings/list-files.ts';
import {
  INPUT_NAMES,
  parseSettings,
  SETTING_OF_INPUT,
  type InputName,
  type RawInputs,
  type Settings,
} from '../../src/settings/settings.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';

/** The inputs a run needs, and scope all, which needs nothing more. */
const BASE: RawInputs = { ...DEFAULT_INPUTS, scope: 'all' };

const IMAGE = 'https://www.example.com/images/a.png';
const MAPPED = { scope: 'assets', 'url-map': 'public/images => https://www.example.com/images' };
const IMAGE_HOST = 'img.example.net';

/** The list files of `assets-from` and `files-from`, read before parseSettings as the action reads them. */
const LIST_FILES: Readonly<Record<string, string>> = {
  'assets.txt': 'https://www.example.com/images/listed.png',
  'files.txt': 'public/images/listed.png',
};

/**
 * For each input, a value of its own, and what else a run needs to accept it: `needs` goes into both runs compared
 * (the input's own value then replaces any that `needs` gives it), so that the input alone differs between them.
 */
const OWN_VALUE: Record<InputName, { readonly value: string; readonly needs?: Partial<RawInputs> }> = {
  'api-key': { value: 'root-key-0002' },
  'base-url': { value: 'https://other-dashboard.example.com' },
  'service-key': { value: 'other-svc' },
  scope: { value: 'none', needs: { token: 'true' } },
  domain: { value: 'www.example.org', needs: { scope: 'domain', domain: 'www.example.com' } },
  assets: { value: IMAGE, needs: { ...MAPPED, files: 'public/images/b.png' } },
  'assets-from': { value: 'assets.txt', needs: { ...MAPPED, files: 'public/images/b.png' } },
  files: { value: 'public/images/a.png', needs: MAPPED },
  'files-from': { value: 'files.txt', needs: MAPPED },
  paths: { value: '**/*.png', needs: MAPPED },
  'url-map': {
    value: 'public/img => https://www.example.com/img',
    needs: MAPPED,
  },
  site: { value: 'https://www.example.org/', needs: MAPPED },
  since: { value: 'v1.0.0', needs: MAPPED },
  'github-token': { value: 'github-token-0001' },
  token: { value: 'true' },
  'image-host': { value: IMAGE_HOST },
  rewrite: { value: 'build/**/*.html', needs: { token: 'true', 'image-host': IMAGE_HOST } },
  'rewrite-with': {
    value: 'content',
    needs: { ...MAPPED, rewrite: 'build/**/*.html', token: 'true', 'image-host': IMAGE_HOST },
  },
  warm: { value: 'true', needs: { 'image-host': IMAGE_HOST } },
  verify: { value: 'true', needs: { ...MAPPED, 'image-host': IMAGE_HOST } },
  pages: { value: '_site/**/*.html', needs: { warm: 'true', 'image-host': IMAGE_HOST } },
  'dry-run': { value: 'true' },
  'origin-check': { value: 'off' },
  'origin-timeout': { value: '60' },
  concurrency: { value: '8' },
  'max-retries': { value: '2' },
  'timeout-seconds': { value: '10' },
  'catch-up': { value: 'false' },
  'record-name': { value: 'Image cache record – preview' },
  'status-context': { value: 'image-cache-invalidate/preview' },
  'deploy-environment': { value: 'Deploy Preview' },
};

/** The setting as parseSettings gives it for these inputs, as text (a URL compares by its address). */
function settingFor(raw: RawInputs, setting: keyof Settings): string | undefined {
  const read = (path: string): Uint8Array => {
    const list = LIST_FILES[path];
    if (list === undefined) throw new Error(`no list file ${path} in this test`);
    return new TextEncoder().encode(list);
  };
  return JSON.stringify(parseSettings(withListFiles(raw, read))[setting]);
}

describe('every input of action.yml is read into its setting', () => {
  it('SETTING_OF_INPUT names the setting of every input of action.yml', () => {
    const unread = INPUT_NAMES.filter((name) => !Object.hasOwn(SETTING_OF_INPUT, name));
    expect(unread, 'add each to SETTING_OF_INPUT (src/settings/settings.ts) and read it there').toEqual([]);
  });

  it.each(INPUT_NAMES.map((name) => [name, SETTING_OF_INPUT[name]] as const))(
    '%s: a value of its own changes Settings.%s',
    (name, setting) => {
      const { value, needs = {} } = OWN_VALUE[name];
      const before = { ...BASE, ...needs };
      expect(
        settingFor({ ...before, [name]: value }, setting),
        `parseSettings (src/settings/settings.ts) must read ${name} into Settings.${setting}, as SETTING_OF_INPUT says`,
      ).not.toBe(settingFor(before, setting));
    },
  );
});
