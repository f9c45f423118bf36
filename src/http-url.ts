/** An absolute http(s) URL with a host, or undefined: what an image URL, an origin URL or a URL prefix must be. */
export function parseHttpUrl(value: string): URL | undefined {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
    ? url
    : undefined;
}
