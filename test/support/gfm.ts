/**
 * Markdown as GitHub shows it: rendered by micromark with its GFM extension (CommonMark and GitHub's tables,
 * autolink literals, strikethrough; it passes the GFM spec's examples, as cmark-gfm, GitHub's own renderer, does),
 * then read back as a browser reads the HTML (parse5), so that a test sees the links, pictures and text a reader sees.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface Link {
  readonly href: string;
  readonly text: string;
}

export interface Picture {
  readonly src: string;
  readonly alt: string;
}

export interface Page {
  readonly links: readonly Link[];
  readonly pictures: readonly Picture[];
  /** Each table's rows, each row its cells' text (header row first). */
  readonly tables: readonly (readonly (readonly string[])[])[];
  /** Each list item's text. */
  readonly items: readonly string[];
  /** Each heading, h1 to h6, in order: its level and its text. */
  readonly headings: readonly { readonly level: number; readonly text: string }[];
  /** The ids and names that elements written as HTML carry (`<a id="…">`): anchors besides the headings'. */
  readonly ids: readonly string[];
}

/** The page GitHub would show for this Markdown. */
export function renderGfm(markdown: string): Page {
  const html = micromark(markdown, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    // The summary holds <img> and <details>, which GitHub keeps.
    allowDangerousHtml: true,
  });
  const root = parseFragment(html);
  const links: Link[] = [];
  const pictures: Picture[] = [];
  const tables: string[][][] = [];
  const items: string[] = [];
  const headings: { level: number; text: string }[] = [];
  const ids: string[] = [];
  walk(root, (element) => {
    if (/^h[1-6]$/.test(element.tagName))
      headings.push({ level: Number(element.tagName.slice(1)), text: textOf(element).trim() });
    for (const name of ['id', 'name'])
      if (attribute(element, name) !== '') ids.push(attribute(element, name));
    if (element.tagName === 'a') links.push({ href: attribute(element, 'href'), text: textOf(element) });
    if (element.tagName === 'img')
      pictures.push({ src: attribute(element, 'src'), alt: attribute(element, 'alt') });
    if (element.tagName === 'li') items.push(textOf(element).trim());
    if (element.tagName === 'table') {
      const rows: string[][] = [];
      walk(element, (row) => {
        if (row.tagName !== 'tr') return;
        rows.push(children(row).map((cell) => textOf(cell).trim()));
      });
      tables.push(rows);
    }
  });
  return { links, pictures, tables, items, headings, ids };
}

/** The href a correct link to `url` has once rendered: the renderer percent-encodes what a URL may not hold raw. */
export function hrefOf(url: string): string {
  return normalizeUri(url);
}

/** Text as it reads: without the zero-width spaces that keep GitHub from linking `www.` or `name@host` by itself. */
export function reads(text: string): string {
  return text.replace(/\u200B/g, '');
}

function walk(node: Node, visit: (element: Element) => void): void {
  if ('tagName' in node) visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
}

function children(element: Element): Element[] {
  return element.childNodes.filter((node): node is Element => 'tagName' in node);
}

function attribute(element: Element, name: string): string {
  return element.attrs.find((attr) => attr.name === name)?.value ?? '';
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if ('tagName' in node && node.tagName === 'img') return '';
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}
