/** The image URLs a built page names, as the pages stage reads them and rewrite finds them. */
import { describe, expect, it } from 'vitest';
import { pageImageUrls } from '../../src/domain/page-urls.ts';

const HOST = 'img.example.net';
const CAT = 'https://www.example.com/cat.jpg';

describe('pageImageUrls', () => {
  it('reads each URL on the host in HTML, srcset, CSS and escaped JSON, with its segments, in page order', () => {
    const text = [
      `<img src="https://${HOST}/w:320/cb:abc/${CAT}" srcset="//${HOST}/w:640/${CAT} 2x, https://${HOST}/w:960/${CAT},">`,
      `.hero { background: url(https://${HOST}/q:70/${CAT}); }`,
      JSON.stringify({ image: `https://${HOST}/f:webp/w:1440/${CAT}` }).replaceAll('/', '\\/'),
      `<img src="https://other.example.net/w:100/${CAT}">`,
    ].join('\n');
    expect(pageImageUrls(text, HOST)).toEqual([
      { originUrl: CAT, segments: ['w:320', 'cb:abc'] },
      { originUrl: CAT, segments: ['w:640'] },
      { originUrl: CAT, segments: ['w:960'] },
      { originUrl: CAT, segments: ['q:70'] },
      { originUrl: CAT, segments: ['f:webp', 'w:1440'] },
    ]);
  });

  it('reads a plain delivery URL as one without segments', () => {
    expect(pageImageUrls(`<img src="https://${HOST}/${CAT}">`, HOST)).toEqual([
      { originUrl: CAT, segments: [] },
    ]);
  });
});
