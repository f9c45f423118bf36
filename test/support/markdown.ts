/** Markdown as a reader sees it: a link as its text, backslash escapes and entities undone. */
export const rendered = (markdown: string): string =>
  markdown
    .replace(/\[((?:\\.|[^\]\\])*)\]\(<(?:\\.|[^>\\])*>\)/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+!|~.-])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
