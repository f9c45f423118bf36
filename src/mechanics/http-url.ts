/** An absolute http(s) URL with a host, or undefined: what an image URL, an origin URL or a URL prefix must be. */
export function parseHttpUrl(value: string): URL | undefined {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
    ? url
    : undefined;
}

/** A host on this machine: the only place the key may travel to over plain http, for local tests. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
