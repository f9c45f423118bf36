import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/mechanics/input-error.ts';
import { parseSettings, type RawInputs } from '../../src/settings/settings.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';

function inputs(overrides: Partial<RawInputs>): RawInputs {
  return { ...DEFAULT_INPUTS, ...overrides };
}

function refusal(overrides: Partial<RawInputs>): string {
  try {
    parseSettings(inputs(overrides));
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  throw new Error('parseSettings accepted inputs it should refuse');
}

const FILES = { files: 'public/images/a.png', 'url-map': 'public/images => https://www.example.com/images' };

describe('site: the public URL of the deployed site', () => {
  it('is read as a folder: the URL ends in / whether or not it was written with one', () => {
    expect(parseSettings(inputs({ ...FILES, site: 'https://octo.github.io/docs' })).site).toBe(
      'https://octo.github.io/docs/',
    );
    expect(parseSettings(inputs({ ...FILES, site: ' https://www.example.com ' })).site).toBe(
      'https://www.example.com/',
    );
  });

  it('is absent when empty', () => {
    expect(parseSettings(inputs(FILES)).site).toBeUndefined();
  });

  it('refuses a value that is not an absolute http(s) URL, saying what to give', () => {
    const message = refusal({ ...FILES, site: 'www.example.com' });
    expect(message).toContain('site: "www.example.com" is not an absolute http(s) URL');
    expect(message).toContain('https://<owner>.github.io/<repository>/');
    expect(refusal({ ...FILES, site: 'ftp://www.example.com/' })).toContain('site: ');
  });

  it('refuses credentials as url-map does, without showing them', () => {
    const message = refusal({ ...FILES, site: 'https://deploy:s3cret-pass@www.example.com/' });
    expect(message).toContain('site: "https://***@www.example.com/" holds a user name or password');
    expect(message).not.toContain('s3cret-pass');
  });

  it('refuses a query or a fragment, naming the URL to write', () => {
    expect(refusal({ ...FILES, site: 'https://www.example.com/?preview=1' })).toContain(
      'write: https://www.example.com/',
    );
  });

  it('refuses an image delivery URL and the image host, which serve the images but are not the site', () => {
    expect(
      refusal({ ...FILES, site: 'https://img.example.net/w:640/https://www.example.com/images/a.png' }),
    ).toContain('is an image delivery URL');
    expect(
      refusal({ ...FILES, site: 'https://img.example.net/', 'image-host': 'img.example.net' }),
    ).toContain('image-host: img.example.net is the site that site serves the images from');
  });

  it('is one of the inputs only scope assets uses', () => {
    expect(refusal({ scope: 'all', site: 'https://www.example.com/' })).toContain(
      "site: is set, but scope 'all' does not use it",
    );
  });

  it('with url-map empty, is where the map is learned from: the changed files are detected', () => {
    const settings = parseSettings(inputs({ site: 'https://www.example.com' }));
    expect(settings.target).toMatchObject({
      scope: 'assets',
      changes: { urlMap: [], site: 'https://www.example.com/' },
    });
  });

  it('never second-guesses an explicit url-map: the map is not learned', () => {
    const settings = parseSettings(inputs({ ...FILES, site: 'https://www.example.com/' }));
    expect(settings.target).toMatchObject({ scope: 'assets', changes: { files: ['public/images/a.png'] } });
    expect(settings.target.scope === 'assets' && settings.target.changes?.site).toBeUndefined();
    expect(settings.site).toBe('https://www.example.com/');
  });

  it('lets files be mapped by the learned map', () => {
    const settings = parseSettings(
      inputs({ files: 'public/images/a.png', site: 'https://www.example.com/' }),
    );
    expect(settings.target).toMatchObject({
      changes: { files: ['public/images/a.png'], site: 'https://www.example.com/' },
    });
  });

  it('refuses learning with origin-check off, since no image would be seen served before it is invalidated', () => {
    const message = refusal({ site: 'https://www.example.com/', 'origin-check': 'off' });
    expect(message).toContain('site: learns the map from what https://www.example.com/ serves');
    expect(message).toContain('write url-map instead');
  });
});
