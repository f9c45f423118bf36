/** The hosts images are served from: how the origin check and the proof spread their asks over them. */

/** The host of an image's URL (`www.example.com:8080`), or the text itself when it is not a URL. */
export function hostOf(ref: string): string {
  try {
    return new URL(ref).host;
  } catch {
    return ref;
  }
}

/**
 * Up to `max` images to check, taken from each origin host in turn, so that every host is checked on some of its
 * images; the others follow their host. Within a host, the sample is spread evenly over its list (every k-th),
 * not its first images only, so that one folder deployed late is still likely to be seen.
 */
export function sampleByHost<Image extends { readonly ref: string }>(
  images: readonly Image[],
  max: number,
): { checked: Image[]; followers: Map<string, Image[]> } {
  if (images.length <= max) return { checked: [...images], followers: new Map() };
  const byHost = new Map<string, Image[]>();
  for (const image of images) {
    const host = hostOf(image.ref);
    const list = byHost.get(host);
    if (list === undefined) byHost.set(host, [image]);
    else list.push(image);
  }
  // Each host's share: equal shares, a small host's unused share handed on to the larger ones.
  const hosts = [...byHost.entries()].toSorted((a, b) => a[1].length - b[1].length);
  const checked: Image[] = [];
  const followers = new Map<string, Image[]>();
  let left = max;
  hosts.forEach(([host, list], index) => {
    // Every host is asked about at least one of its images, even past `max` hosts.
    const share = Math.min(list.length, Math.max(1, Math.floor(left / (hosts.length - index))));
    left -= share;
    const step = list.length / Math.max(share, 1);
    const picked = new Set<number>();
    for (let n = 0; n < share; n++) picked.add(Math.floor(n * step));
    const rest: Image[] = [];
    list.forEach((image, position) => {
      if (picked.has(position)) checked.push(image);
      else rest.push(image);
    });
    if (rest.length > 0) followers.set(host, rest);
  });
  return { checked, followers };
}
