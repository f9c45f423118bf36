import { describe, expect, it } from 'vitest';
import {
  ANNOTATIONS_PER_KIND,
  shownLog,
  withinAnnotationLimit,
  type Log,
  type Where,
} from '../../src/shown/log.ts';

/** A log that records each call as the runner would print it. */
function recorder(): { log: Log; lines: string[] } {
  // A sink, and the lines of a list as one write, as the runner's log receives them.
  const lines: string[] = [];
  const command = (kind: string) => (line: string, where?: Where) => {
    lines.push(`::${kind}${where === undefined ? '' : ` file=${where.file}`}::${line}`);
  };
  return {
    lines,
    log: {
      info: (line) => lines.push(line),
      notice: command('notice'),
      warning: command('warning'),
      error: command('error'),
      debug: command('debug'),
      startGroup: (name) => lines.push(`::group::${name}`),
      endGroup: () => lines.push('::endgroup::'),
      lines: (listed) => lines.push(listed.join('\n')),
    },
  };
}

describe('the log within the runner annotation limit', () => {
  it('annotates a warning on its file, and past the limit writes the file in a plain line', () => {
    const { log, lines } = recorder();
    const limited = withinAnnotationLimit(log);
    for (let i = 1; i <= 12; i++)
      limited.warning('No url-map rule maps this image.', { file: `img/${i}.png` });
    limited.close();
    const annotations = lines.filter((line) => line.startsWith('::warning'));
    expect(annotations).toHaveLength(ANNOTATIONS_PER_KIND);
    expect(annotations[0]).toBe('::warning file=img/1.png::No url-map rule maps this image.');
    expect(lines).toContain('warning: img/12.png: No url-map rule maps this image.');
    expect(annotations.at(-1)).toMatch(/^::warning::3 more warnings, shown in the log/);
  });

  it('hands a file name to the sink exactly, for it to escape where it writes it', () => {
    const { log, lines } = recorder();
    const shown = shownLog(log, (text) => text);
    shown.warning('unmapped', { file: 'a\n::error::b ##[stop]' });
    expect(lines).toEqual(['::warning file=a\n::error::b ##[stop]::unmapped']);
  });

  it('writes a list at once, each entry on its line, with no runner command left in it', () => {
    const { log, lines } = recorder();
    const shown = shownLog(log, (text) => text);
    shown.lines(['https://www.example.com/a.png', '::error::b.png', 'c\n::warning::d.png']);
    expect(lines).toEqual(['https://www.example.com/a.png\n\\::error::b.png\nc ::warning::d.png']);
  });
});
