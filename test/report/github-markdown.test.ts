/**
 * The summary and the preview as GitHub shows them (rendered with a GFM renderer, read back as a browser reads the
 * HTML): every image URL is a link to exactly itself that reads as itself, and every file name reads as the name,
 * whatever it holds (`_`, `*`, `[`, `(`, `<`, `|`, `&`, `\`, `%`, spaces, non-ASCII); and a thumbnail never passes
 * the live image off as the new one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../src/domain/changed.ts';
import { AssetResults, type AssetResult } from '../../src/service/asset-results.ts';
import type { Report } from '../../src/report/report.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { planRun } from '../../src/plan/plan.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { hrefOf, reads, renderGfm, type Page } from '../support/gfm.ts';
import { RUNS } from '../support/runs.ts';
import { reportFrom } from '../support/fixtures.ts';

const IMAGES = 'https://www.example.com/images';
const URL_MAP = parseUrlMap(`public/images => ${IMAGES}`);
const IMAGE_HOST = 'img.example.net';

/** Names people give images, and names with every character Markdown or a table reads. */
const NAMES = [
  'IMG_2041.JPG',
  'photo_1.jpg',
  'x_.png',
  'a*b*.png',
  'trail*.png',
  '[draft].png',
  'pic (1).png',
  '<b>.png',
  'a|b.png',
  'my photo.png',
  'café ñ.png',
  '写真.png',
  'a&amp;b.png',
  'me@2x.png',
  'www.x.png',
  'a\\b.png',
  '50%.png',
  '`tick`.png',
  '#1.png',
  '~x~.png',
];

interface ChangedImage {
  readonly path: string;
  readonly change: FileChange;
}

function reportOver(images: readonly ChangedImage[], dryRun: boolean): Promise<Report> {
  const plan = planRun(
    {
      target: { scope: 'assets', assets: [], changes: { patterns: ['public/images/**'], urlMap: URL_MAP } },
      token: false,
    },
    {
      files: images.map((image) => image.path),
      changes: images.map((image) => image.change),
      source: 'test',
    },
  );
  const refs = plan.preview?.images.map((image) => image.url) ?? [];
  const assets: AssetResult[] = refs.map((ref) => ({ ref, outcome: 'invalidated', call: 1 }));
  const result = dryRun ? undefined : { calls: [], assets: AssetResults.of(assets) };
  return reportFrom({ plan, result, imageHost: IMAGE_HOST });
}

/** The preview's table of images: one row per image, with its link, file and change. */
function previewRows(page: Page): { link: string; file: string; change: string }[] {
  const table = page.tables.find((rows) => rows[0]?.includes('File'));
  expect(table, 'the preview table').toBeDefined();
  return (table ?? []).slice(1).map((cells) => ({
    link: cells[1] ?? '',
    file: reads(cells[2] ?? ''),
    change: reads(cells[3] ?? ''),
  }));
}

function expectLinks(page: Page, urls: readonly string[]): void {
  for (const url of urls) {
    const links = page.links.filter((link) => link.text === url);
    expect(links, url).toHaveLength(1);
    expect(links[0]?.href, url).toBe(hrefOf(url));
  }
  // And no other link: nothing in a name made a link of its own, nor cut one short.
  expect(page.links.map((link) => link.text).sort()).toEqual([...urls].sort());
}

describe('the preview on GitHub', () => {
  const images = NAMES.map((name) => ({
    path: `public/images/${name}`,
    change: { status: 'modified' } as const,
  }));
  // Made once, by the first case that reads it.
  let made: Promise<{ page: ReturnType<typeof renderGfm>; urls: string[] }> | undefined;
  const shown = (): NonNullable<typeof made> =>
    (made ??= reportOver(images, false).then((report) => ({
      page: renderGfm(summaryMarkdown(report)),
      urls: report.ran.invalidate.plan.preview?.images.map((image) => image.url) ?? [],
    })));

  it('links each image to exactly its URL, the link reading as the URL', async () => {
    const { page, urls } = await shown();
    expect(urls).toHaveLength(NAMES.length);
    expect(urls).toContain(`${IMAGES}/IMG_2041.JPG`);
    expectLinks(page, urls);
  });

  it('shows each file name as it is, in its own cell', async () => {
    const { page } = await shown();
    expect(previewRows(page).map((row) => row.file)).toEqual(images.map((image) => image.path));
  });

  it('shows a renamed file with its old name as it is', async () => {
    const from = 'public/images/old_name (1)|[x].png';
    const renamed = await reportOver(
      [{ path: 'public/images/new.png', change: { status: 'renamed', from } }],
      false,
    );
    const [row] = previewRows(renderGfm(summaryMarkdown(renamed)));
    expect(row?.change).toBe(`renamed from ${from}`);
  });

  it('links and names any file name right', async () => {
    const char = fc.constantFrom(...'ab_*[]()<>|&\\%`#~!+-. é写@:;'.split(''));
    const name = fc
      .array(char, { minLength: 1, maxLength: 12 })
      .map((chars) => chars.join('').trim())
      .filter((text) => text !== '' && !text.startsWith('.') && !text.includes('..'));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), async (names) => {
        const changed = names.flatMap((n) => [
          { path: `public/images/${n}.png`, change: { status: 'added' } as const },
          // Left out by `paths`: named in a list of their own.
          { path: `docs/${n}.md`, change: { status: 'modified' } as const },
        ]);
        const run = await reportOver(changed, false);
        const shown = renderGfm(summaryMarkdown(run));
        const mapped = run.ran.invalidate.plan.preview?.images ?? [];
        expectLinks(
          shown,
          mapped.map((image) => image.url),
        );
        expect(previewRows(shown).map((row) => row.file)).toEqual(mapped.map((image) => image.path));
        expect(shown.items.map(reads)).toEqual(names.map((n) => `docs/${n}.md (changed)`));
      }),
      { numRuns: Math.min(RUNS, 300) },
    );
  });
});

describe('the summary of a run of assets on GitHub', () => {
  const urls = NAMES.map((name) => new URL(`${IMAGES}/${name}`).href);

  it('links each invalidated image to exactly its URL, beside its thumbnail', async () => {
    const plan = planRun({ target: { scope: 'assets', assets: urls }, token: false });
    const result = {
      calls: [],
      assets: AssetResults.of(urls.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 }))),
    };
    const report = await reportFrom({ plan, result, imageHost: IMAGE_HOST });
    const page = renderGfm(summaryMarkdown(report));
    expectLinks(page, urls);
    expect(page.pictures).toHaveLength(urls.length);
  });

  it("links each asset of a dry run's lists to exactly its URL", async () => {
    const plan = planRun({ target: { scope: 'assets', assets: urls }, token: false });
    const report = await reportFrom({ plan });
    const page = renderGfm(summaryMarkdown(report));
    expectLinks(page, urls);
    expect(page.items).toEqual(urls);
  });
});

describe('thumbnails', () => {
  const changed: ChangedImage[] = [
    { path: 'public/images/edited.png', change: { status: 'modified' } },
    { path: 'public/images/new.png', change: { status: 'added' } },
    { path: 'public/images/moved.png', change: { status: 'renamed', from: 'public/images/before.png' } },
  ];

  it('before the invalidation, are labelled as what the image host serves now, and an image not deployed yet has none', async () => {
    const page = renderGfm(summaryMarkdown(await reportOver(changed, true)));
    const table = page.tables.find((rows) => rows[0]?.includes('File')) ?? [];
    expect(table[0]?.[0]).toBe('Served now (before this change)');
    expect(table.slice(1).map((row) => row[0])).toEqual(['', 'not deployed yet', 'not deployed yet']);
    expect(page.pictures.map((picture) => picture.src)).toEqual([
      `https://${IMAGE_HOST}/w:160/${IMAGES}/edited.png`,
    ]);
  });

  it('after the invalidation, show each image as the image host serves it now, and say so', async () => {
    const page = renderGfm(summaryMarkdown(await reportOver(changed, false)));
    const table = page.tables.find((rows) => rows[0]?.includes('File')) ?? [];
    expect(table[0]?.[0]).toBe('Served now');
    expect(page.pictures).toHaveLength(3);
  });
});
