import { describe, expect, it } from 'vitest';
import { learnedJson, learnedSection, learnedText } from '../../src/invalidate/learned.ts';
import type { LearnedFiles } from '../../src/plan/plan.ts';

const SITE = 'https://www.example.com/';

const LEARNED: LearnedFiles = {
  map: {
    site: SITE,
    folders: [
      {
        kind: 'learned',
        folder: 'static/images',
        candidate: { pathPrefix: 'static', urlPrefix: SITE },
        tried: [{ url: `${SITE}images/a.png`, answered: '200, image/png, 12 bytes', served: 'previous' }],
      },
      {
        kind: 'unmapped',
        folder: 'src/img',
        why: 'no candidate serves its image',
        tried: [{ url: `${SITE}img/b.png`, answered: '200, text/html, a page titled "<b>App</b>"' }],
      },
      { kind: 'fingerprinted', folder: 'src/assets', bundler: 'Vite' },
    ],
  },
  rules: [{ rule: { pathPrefix: 'static', urlPrefix: SITE }, images: 3, folders: 1 }],
  needNone: 1,
};

describe('the learned map told', () => {
  it('in the summary: the rules as a block to paste, and each folder not learned with what was answered', () => {
    const section = learnedSection(LEARNED).join('\n');
    expect(section).toContain(
      [
        '```text',
        '# 3 changed images, 1 folder (one image of each seen served)',
        'static => https://www.example.com',
        '```',
      ].join('\n'),
    );
    expect(section).toContain('1 folder learned, 1 not mapped, 1 fingerprinted.');
    expect(section).toContain('sources of Vite');
    // The site's page title is text from outside: shown as text, never as markup.
    expect(section).not.toContain('<b>App</b>');
  });

  it("in the command's result: the rules, then each folder not learned", () => {
    const text = learnedText(LEARNED);
    expect(text[0]).toBe(
      'url-map learned from https://www.example.com/: 1 folder learned, 1 not mapped, 1 fingerprinted.',
    );
    expect(text).toContain('  static => https://www.example.com');
    expect(text.some((line) => line.startsWith('"src/img": not mapped, no candidate serves its image'))).toBe(
      true,
    );
  });

  it('in the JSON report: each rule as a url-map line with its count, and every folder with its state', () => {
    expect(learnedJson(LEARNED)).toMatchObject({
      site: SITE,
      rules: [{ rule: 'static => https://www.example.com', images: 3, folders: 1 }],
      needNone: 1,
      folders: [
        { folder: 'static/images', state: 'learned', rule: 'static => https://www.example.com' },
        { folder: 'src/img', state: 'unmapped', why: 'no candidate serves its image' },
        { folder: 'src/assets', state: 'fingerprinted', bundler: 'Vite' },
      ],
    });
  });

  it('says nothing when no changed image was there to learn a folder of', () => {
    const none = { ...LEARNED, map: { site: SITE, folders: [] }, rules: [] };
    expect(learnedSection(none)).toEqual([]);
    expect(learnedText(none)).toEqual([]);
  });
});
