import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { CallRecord } from '../../src/service/execute.ts';
import { resultText } from '../../src/cli/text.ts';
import type { Counts } from '../../src/invalidate/stage.ts';
import { outputsOf, reportJsonText } from '../../src/report/report.ts';
import { SUMMARY_LIMIT_BYTES, summaryMarkdown } from '../../src/report/summary.ts';
import { markdownRef, markdownText } from '../../src/shown/shown.ts';
import { imageUrls, reportOf } from '../support/fixtures.ts';
import { RUNS } from '../support/runs.ts';

const refs = (count: number): string[] => imageUrls(count, 'jpg');

const report = reportOf;

/** Table rows of the summary, as arrays of trimmed cells. */
function rows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

/** Whether every `char` in `text` follows an odd number of backslashes, i.e. is escaped. */
function allEscaped(text: string, char: string): boolean {
  return [...text.matchAll(new RegExp(`(\\\\*)\\${char}`, 'g'))].every(
    (match) => (match[1] ?? '').length % 2 === 1,
  );
}

describe('markdownText', () => {
  it('leaves no raw <, line break, or unescaped |, backtick or [ in any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...Array.from('<>|`[]\\\n\r&*_#-. ab')), maxLength: 60 }),
        fc.string({ unit: 'binary', maxLength: 60 }),
        (special, anything) => {
          for (const text of [special, anything, special + anything]) {
            const escaped = markdownText(text);
            expect(escaped).not.toMatch(/[<>\r\n]/);
            for (const char of ['|', '`', '[']) expect(allEscaped(escaped, char)).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('turns HTML into inert entities', () => {
    expect(markdownText('<img src=x onerror=alert(1)>')).not.toContain('<img');
    expect(markdownText('a & b')).toBe('a &amp; b');
  });

  it('makes a multi-line text one line', () => {
    expect(markdownText('first\r\nsecond\nthird')).toBe('first second third');
  });

  it('escapes a link so that it does not render as one', () => {
    expect(markdownText('[click](https://evil.example)')).toBe('\\[click\\]\\(https:\u200b//evil.example\\)');
  });
});

describe('summaryMarkdown: dry run', () => {
  it('says in its heading that it is a dry run and nothing was sent', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'all' }, false));
    expect(markdown.split('\n')[0]).toMatch(/dry run: nothing was sent/);
  });

  it('lists the planned asset calls of at most 100 assets each, then the token call', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'assets', assets: refs(250) }, true));
    expect(markdown).toContain('### Calls that would be sent');
    const table = rows(markdown);
    expect(table.slice(0, 3)).toEqual([
      ['1', 'invalidate/assets', '100 assets'],
      ['2', 'invalidate/assets', '100 assets'],
      ['3', 'invalidate/assets', '50 assets'],
    ]);
    expect(table[3]?.slice(0, 2)).toEqual(['4', 'token']);
    expect(table).toHaveLength(4);
    expect(markdown).toContain('**Token:** would be requested.');
  });

  it('counts the assets but reports no calls or outcomes', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'assets', assets: refs(3) }, false));
    expect(markdown).toContain('**Assets:** 3');
    expect(markdown).not.toContain('**Calls:**');
    expect(markdown).not.toContain('**Invalidated:**');
    expect(markdown).not.toContain('### Failures');
  });

  it('lists the domain call with the domain', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'domain', domain: 'www.example.com' }, false));
    expect(rows(markdown)).toEqual([
      ['1', 'invalidate/domain', markdownText('every image of www.example.com')],
    ]);
  });

  it('says that an empty asset list sends nothing, and lists no call', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'assets', assets: [] }, false));
    expect(markdown).toContain('Nothing to invalidate: the asset list is empty. Nothing was sent.');
    expect(rows(markdown)).toEqual([]);
  });

  it('with no asset but a token requested, does not say that nothing was sent', async () => {
    const tokenCall: CallRecord = {
      index: 1,
      call: { route: 'token' },
      outcome: 'confirmed',
      attempts: [{ startedAt: 0, durationMs: 5, status: 200 }],
    };
    const markdown = summaryMarkdown(
      await report({ scope: 'assets', assets: [] }, true, { calls: [tokenCall], assets: [], token: 'abc' }),
    );
    expect(markdown).not.toContain('Nothing was sent');
    expect(markdown).toContain('No invalidation was sent.');
  });

  it('lists only the token call for scope none', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'none' }, true));
    expect(rows(markdown).map((row) => row[1])).toEqual(['token']);
  });

  // "0 assets" would read as if the call cleared nothing.
  it('does not describe the invalidate/all or token call as "0 assets"', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'all' }, true));
    expect(rows(markdown).map((row) => row[1])).toEqual(['invalidate/all', 'token']);
    expect(markdown).not.toContain('0 assets');
  });
});

describe('summaryMarkdown: a run', () => {
  const failedCall: CallRecord = {
    index: 1,
    call: { route: 'invalidate/assets', assets: refs(2) },
    outcome: 'failed',
    attempts: [{ startedAt: 0, durationMs: 10, status: 400, error: 'HTTP 400' }],
    error: {
      message: 'HTTP 400: <img src=x onerror=alert(1)> | `code` [link](https://evil.example)\n# heading',
      kind: 'http',
      status: 400,
    },
  };

  it('escapes server text in a failure, keeping it on one list line', async () => {
    const assets = refs(2).map((ref) => ({ ref, outcome: 'failed' as const, call: 1 }));
    const markdown = summaryMarkdown(
      await report({ scope: 'assets', assets: refs(2) }, false, { calls: [failedCall], assets }),
    );
    expect(markdown).not.toContain('<img');
    expect(markdown).not.toMatch(/^# heading/m);
    const failure = markdown.split('\n').filter((line) => line.startsWith('- Call 1'));
    expect(failure).toHaveLength(1);
    for (const char of ['|', '`', '[']) expect(allEscaped(failure[0] ?? '', char)).toBe(true);
  });

  it('escapes the token and shows it as the cb: cache buster', async () => {
    const tokenCall: CallRecord = {
      index: 1,
      call: { route: 'token' },
      outcome: 'confirmed',
      attempts: [{ startedAt: 0, durationMs: 5, status: 200 }],
    };
    const markdown = summaryMarkdown(
      await report({ scope: 'none' }, true, { calls: [tokenCall], assets: [], token: 'abc<b>1</b>' }),
    );
    expect(markdown).not.toContain('<b>');
    expect(markdown).toContain(`cb:${markdownText('abc<b>1</b>')}`);
  });
});

describe('summaryMarkdown: the counts', () => {
  const ok = { startedAt: 0, durationMs: 5, status: 200 };

  it('says as many calls as its table has rows, the token call on a line of its own', async () => {
    const assets = refs(250);
    const calls: CallRecord[] = [
      {
        index: 1,
        call: { route: 'invalidate/assets', assets: assets.slice(0, 100) },
        outcome: 'confirmed',
        attempts: [ok],
      },
      {
        index: 2,
        call: { route: 'invalidate/assets', assets: assets.slice(100, 200) },
        outcome: 'confirmed',
        attempts: [ok],
      },
      {
        index: 3,
        call: { route: 'invalidate/assets', assets: assets.slice(200) },
        outcome: 'confirmed',
        attempts: [ok],
      },
      { index: 4, call: { route: 'token' }, outcome: 'confirmed', attempts: [ok] },
    ];
    const results = assets.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 }));
    const markdown = summaryMarkdown(
      await report({ scope: 'assets', assets }, true, { calls, assets: results, token: 't0k' }),
    );
    const said = Number(/\*\*Calls:\*\* (\d+)/.exec(markdown)?.[1]);
    expect(said).toBe(rows(markdown).length);
    expect(markdown).toContain('**Token:** t0k');
  });

  it('writes every number as the log does: 1,234', async () => {
    const assets = refs(1_234);
    const results = assets.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 }));
    const markdown = summaryMarkdown(
      await report({ scope: 'assets', assets }, false, { calls: [], assets: results }),
    );
    expect(markdown).toContain('**Assets:** 1,234');
    expect(markdown).toContain('**Invalidated:** 1,234');
  });
});

describe('summaryMarkdown: a dry run of many assets', () => {
  it('lists them call by call in folded blocks, stops within its room, and counts the rest', async () => {
    const refs = imageUrls(20_000);
    const markdown = summaryMarkdown(await report({ scope: 'assets', assets: refs }, false));
    expect(Buffer.byteLength(markdown)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    const blocks = [
      ...markdown.matchAll(/<details><summary>Call (\d+): 100 assets<\/summary>\n\n([^]*?)\n\n<\/details>/g),
    ];
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks.map((block) => Number(block[1]))).toEqual(blocks.map((_, i) => i + 1));
    const listed = blocks.flatMap((block) => (block[2] ?? '').split('\n').map((line) => line.slice(2)));
    expect(listed).toEqual(refs.slice(0, listed.length).map(markdownRef));
    expect(markdown).toContain(
      `… and ${(refs.length - listed.length).toLocaleString('en')} more assets, past what a job summary can hold`,
    );
  });

  it('lists a few assets in open blocks', async () => {
    const markdown = summaryMarkdown(await report({ scope: 'assets', assets: imageUrls(3) }, false));
    expect(markdown).toContain('<details open><summary>Call 1: 3 assets</summary>');
  });
});

describe('what was not invalidated, and the calls, in the same words and numbers everywhere', () => {
  const FILES = { report: 'r.json', invalidated: 'i.json', failed: 'f.json', summary: 's.md' };
  const urls = refs(10);
  const ok = { startedAt: 0, durationMs: 10, status: 200 };
  /** 3 invalidated, 7 held back since their origin still served the old file, and a token: 2 calls. */
  function heldBackRun(): ReturnType<typeof report> {
    const held = urls.slice(3).map((ref) => ({
      ref,
      outcome: 'not-ready' as const,
      error: 'not invalidated: its origin still served the old file',
    }));
    const sent = urls.slice(0, 3).map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 }));
    const calls: CallRecord[] = [
      {
        index: 1,
        call: { route: 'invalidate/assets', assets: urls.slice(0, 3) },
        outcome: 'confirmed',
        attempts: [ok],
      },
      { index: 2, call: { route: 'token' }, outcome: 'confirmed', attempts: [ok] },
    ];
    return report({ scope: 'assets', assets: urls }, true, {
      calls,
      assets: [...sent, ...held],
      token: 'tok',
    });
  }

  it('says no "Not invalidated" when every asset was invalidated', async () => {
    const urls = refs(3);
    const run = await report({ scope: 'assets', assets: urls }, true, {
      calls: [
        {
          index: 1,
          call: { route: 'invalidate/assets', assets: urls },
          outcome: 'confirmed',
          attempts: [{ startedAt: 0, durationMs: 10, status: 200 }],
        },
      ],
      assets: urls.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 })),
    });
    const markdown = summaryMarkdown(run);
    expect(markdown).toContain('**Invalidated:** 3');
    expect(markdown).not.toContain('Not invalidated');
  });

  it('gives the count of failed-count, and what it holds, in the headline', async () => {
    const run = await heldBackRun();
    const markdown = summaryMarkdown(run);
    expect(outputsOf(run, FILES)['failed-count']).toBe('7');
    expect(markdown).toContain('**Not invalidated:** 7 (7 not deployed at origin)');
    expect(markdown).not.toContain('**Failed:**');
    const json = JSON.parse([...reportJsonText(run, (text) => text)].join('')) as { counts: Counts };
    expect(json.counts).toMatchObject({ notInvalidated: 7, notReady: 7, failed: 0, notSent: 0 });
    expect(resultText(run)).toContain('Not invalidated: 7 (7 not deployed at origin).');
  });

  it('says which calls it counts when a token was requested', async () => {
    const run = await heldBackRun();
    expect(summaryMarkdown(run)).toContain('**Calls:** 1 invalidation call (1 attempt) and the token call');
    expect(resultText(run)).toContain(
      'Invalidated 3 of 10 assets in 1 invalidation call and the token call.',
    );
    expect(outputsOf(run, FILES).requests).toBe('1');
  });
});
