/** Markdown as a reader sees it: backslash escapes and entities undone. */
export const rendered = (markdown: string): string =>
  markdown
    .replace(/\\([\\`*_{}[\]()#+!|~.-])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
