import { describe, expect, it } from 'vitest';
import { renderGfm } from '../support/gfm.ts';
import { markdownCodeBlock } from '../../src/shown/shown.ts';

describe('markdownCodeBlock', () => {
  it('keeps a line that holds a fence inside the block: nothing after it renders as Markdown', () => {
    const hostile =
      'public/a\n```\n# Heading <img src=x onerror=alert(1)>\n```` => https://www.example.com/a';
    const block = markdownCodeBlock(['# 1 changed image, 1 folder', hostile]);
    expect(block).toHaveLength(4);
    expect(block[0]).toBe('`````text');
    const page = renderGfm(`${block.join('\n')}\n\nAfter the block.`);
    expect(page.headings).toEqual([]);
    expect(page.pictures).toEqual([]);
  });

  it('fences ordinary lines with three backticks', () => {
    expect(markdownCodeBlock(['public => https://www.example.com'])).toEqual([
      '```text',
      'public => https://www.example.com',
      '```',
    ]);
  });
});
