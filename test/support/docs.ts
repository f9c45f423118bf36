/**
 * The project's documentation as a reader finds it: README.md, every page of docs/, and the pages beside them that
 * they link to. The checks read them as GitHub renders them (gfm.ts), so that a link or an anchor that a reader
 * would find broken fails a test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './command.ts';
import { renderGfm } from './gfm.ts';

export interface DocPage {
  /** The path from the repository's root, with `/` between folders: `docs/recipes/netlify.md`. */
  readonly path: string;
  readonly text: string;
}

/** The pages whose code blocks are recipes and examples: README.md and every page of docs/. */
export function guidePaths(): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(join(ROOT, folder), { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? walk(`${folder}/${entry.name}`) : [`${folder}/${entry.name}`],
      )
      .filter((path) => path.endsWith('.md'));
  return ['README.md', ...walk('docs').sort()];
}

/** The pages whose links are checked: the guide, and the pages a reader reaches from it. */
export function linkedPaths(): string[] {
  return [...guidePaths(), 'SECURITY.md', 'ARCHITECTURE.md'];
}

export function readPage(path: string): DocPage {
  return { path, text: readFileSync(join(ROOT, path), 'utf8') };
}

/**
 * The anchor GitHub gives a heading: its text lower-cased, punctuation dropped (letters, digits, marks, `_`, `-`
 * and spaces kept), spaces turned into `-`; a heading whose anchor was taken already gets `-1`, `-2`…
 */
export function anchorsOf(markdown: string): Set<string> {
  const page = renderGfm(markdown);
  const anchors = new Set<string>(page.ids);
  const seen = new Map<string, number>();
  for (const { text } of page.headings) {
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * What is wrong with each link of a page, as GitHub renders it: a relative link to a file that does not exist, or
 * an anchor that no heading of its page makes. `files` answers for pages other than those on disk (for the checks'
 * own tests).
 */
export function linkProblems(
  page: DocPage,
  files: (path: string) => string | undefined = (path) =>
    existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined,
): string[] {
  const problems: string[] = [];
  for (const { href } of renderGfm(page.text).links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
    const [target = '', anchor] = href.split('#');
    const path =
      target === ''
        ? page.path
        : relative(ROOT, resolve(ROOT, dirname(page.path), decodeURIComponent(target))).replaceAll('\\', '/');
    const isFolder = existsSync(join(ROOT, path)) && !path.endsWith('.md') && !/\.\w+$/.test(path);
    const text = target === '' ? page.text : isFolder ? '' : files(path);
    if (text === undefined) {
      problems.push(`${page.path}: ${href}: no file ${path}`);
      continue;
    }
    if (anchor !== undefined && path.endsWith('.md') && !anchorsOf(text).has(decodeURIComponent(anchor)))
      problems.push(`${page.path}: ${href}: no heading of ${path} makes #${anchor}`);
  }
  return problems;
}

/** The text of a page's `##` headings (its sections), as they read. */
export function sections(markdown: string): string[] {
  return renderGfm(markdown)
    .headings.filter(({ level }) => level === 2)
    .map(({ text }) => text);
}
