import { describe, expect, it } from 'vitest';
import { answerShown } from '../../src/shown/answer.ts';

describe('answerShown: what an API answered, as one quoted line', () => {
  it("GitHub's JSON error is its message alone, without the documentation link", () => {
    const body = {
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com',
    };
    expect(answerShown(body)).toBe('"Resource not accessible by integration"');
  });

  it("a proxy's HTML page is its title, never the page", () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>${'<p>x</p>'.repeat(900)}</body></html>`;
    expect(answerShown(page, 'text/html')).toBe('"502 Bad Gateway" (an HTML page)');
  });

  it('a page without a title is its first heading, else said to be an untitled page', () => {
    expect(answerShown('<html><body><h1>Service &amp; Co down</h1></body></html>')).toBe(
      '"Service & Co down" (an HTML page)',
    );
    expect(answerShown('<html><body>nothing</body></html>')).toBe('"untitled" (an HTML page)');
  });

  it('plain text is one line, cut at 200 characters; an empty answer says nothing', () => {
    expect(answerShown(`line one\nline two ${'y'.repeat(400)}`)?.length).toBeLessThan(220);
    expect(answerShown('first\r\n::warning::second')).toBe('"first ::warning::second"');
    expect(answerShown('   ')).toBeUndefined();
    expect(answerShown(undefined)).toBeUndefined();
  });
});
