/**
 * Which answers before the wait prove a url-map rule wrong: a host that does not resolve, or an image unchanged by the
 * push answering 404 while no image of its host is served. A changed or added image's 404 alone proves nothing.
 */
import { describe, expect, it } from 'vitest';
import { mappingMistake } from '../../src/origin/mapping.ts';
import type { SeenAnswer } from '../../src/origin/watch.ts';

const image = (name: string): { ref: string; path: string } => ({
  ref: `https://site.example/images/${name}`,
  path: `public/images/${name}`,
});
const answered = (
  name: string,
  seen: SeenAnswer,
): { image: { ref: string; path: string }; seen: SeenAnswer } => ({
  image: image(name),
  seen,
});

describe('mappingMistake', () => {
  it('an unchanged image that answers 404 while every image of the host does too: the rule is wrong', () => {
    const mistake = mappingMistake(answered('kept.png', { status: 404 }), [
      answered('a.png', { status: 404 }),
      answered('n.png', { status: 404 }),
    ]);
    expect(mistake).toMatchObject({ kind: 'not-found', unchanged: true, image: image('kept.png') });
  });

  it('an unchanged image that answers 404 while another image of the host is served: not proven wrong', () => {
    expect(
      mappingMistake(answered('kept.png', { status: 404 }), [answered('a.png', { status: 200 })]),
    ).toBeUndefined();
  });

  it('one failed lookup among answers that prove the host resolves is no unresolved host', () => {
    expect(
      mappingMistake(answered('kept.png', { status: 200 }), [
        answered('a.png', { status: 200 }),
        answered('b.png', { error: 'getaddrinfo ENOTFOUND site.example', unresolved: true }),
      ]),
    ).toBeUndefined();
    expect(
      mappingMistake(undefined, [
        answered('b.png', { error: 'getaddrinfo ENOTFOUND site.example', unresolved: true }),
      ]),
    ).toMatchObject({ kind: 'unresolved' });
  });

  it('images that answer 404 with no unchanged image to ask: a deploy in progress, not a mistake', () => {
    expect(mappingMistake(undefined, [answered('n.png', { status: 404 })])).toBeUndefined();
  });

  it('an unchanged image that is served: the rule points at the site, whatever the changed images answer', () => {
    expect(
      mappingMistake(answered('kept.png', { status: 200 }), [answered('n.png', { status: 404 })]),
    ).toBeUndefined();
  });

  it('a host that does not resolve, seen on any ask: the rule is wrong', () => {
    const seen = { error: 'getaddrinfo ENOTFOUND www.example.com', unresolved: true as const };
    expect(mappingMistake(undefined, [answered('a.png', seen)])).toMatchObject({ kind: 'unresolved' });
  });

  it('a resolver that could not answer (no `unresolved`): asked again, not failed', () => {
    expect(
      mappingMistake(undefined, [answered('a.png', { error: 'getaddrinfo EAI_AGAIN www.example.com' })]),
    ).toBeUndefined();
  });
});
