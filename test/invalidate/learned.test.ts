import { describe, expect, it } from 'vitest';
import { resultText } from '../../src/cli/text.ts';
import { learnedJson, learnedSection, learnedText } from '../../src/invalidate/learned.ts';
import { planRun, type LearnedFiles } from '../../src/plan/plan.ts';
import { reportJsonText } from '../../src/report/report.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { reportFrom } from '../support/fixtures.ts';

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

describe('the learned map in a report', () => {
  it('is told by the summary, the JSON report and the command, as the invalidation loads its words', async () => {
    const plan = planRun(
      {
        target: { scope: 'assets', assets: [], changes: { patterns: ['**/*.png'], urlMap: [], site: SITE } },
        token: false,
      },
      { files: ['static/images/a.png'], changes: [{ status: 'modified' }], source: 'test' },
      false,
      LEARNED.map,
    );
    const report = await reportFrom({ plan });
    expect(summaryMarkdown(report)).toContain('### url-map learned from ');
    expect(resultText(report)).toContain(`url-map learned from ${SITE}: 1 folder learned`);
    const json = JSON.parse([...reportJsonText(report, (text) => text)].join('')) as {
      files: { learned: { rules: { rule: string }[] } };
    };
    expect(json.files.learned.rules.map((rule) => rule.rule)).toEqual(['static => https://www.example.com']);
  });
});

describe('nothing to invalidate, with a learned map', () => {
  const runOver = (map: LearnedFiles['map']) =>
    reportFrom({
      plan: planRun(
        {
          target: {
            scope: 'assets',
            assets: [],
            changes: { patterns: ['**/*.png'], urlMap: [], site: SITE },
          },
          token: false,
        },
        { files: ['src/img/a.png'], changes: [{ status: 'modified' }], source: 'test' },
        false,
        map,
      ),
    });

  it('says the site served none of the folders it was asked for', async () => {
    const why = 'no candidate serves its image';
    const text = resultText(
      await runOver({ site: SITE, folders: [{ kind: 'unmapped', folder: 'src/img', why, tried: [] }] }),
    );
    expect(text).toContain(`the site ${SITE} was seen to serve none of their folders;`);
  });

  it('names the folders not asked as such, not as folders the site does not serve', async () => {
    const cutShort = 'not asked within origin-timeout (300 s)';
    const text = resultText(
      await runOver({
        site: SITE,
        folders: [{ kind: 'unmapped', folder: 'src/img', why: cutShort, tried: [] }],
        cutShort,
      }),
    );
    expect(text).toContain(`none of their folders it was asked for; the others were ${cutShort}`);
  });
});
