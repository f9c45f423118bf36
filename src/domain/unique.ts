/**
 * Each string once, in the order first seen: what `[...new Set(strings)]` gives, without a Set of them all. A Set of
 * a million strings is tens of MB of tables, rebuilt as it grows, that V8 copies at each collection it outlives; here
 * each string's place is kept in a typed array (outside V8's heap), and a list without repeats is returned as it is.
 */
export function uniqueStrings<T extends string>(strings: T[]): T[];
export function uniqueStrings<T extends string>(strings: readonly T[]): readonly T[];
export function uniqueStrings<T extends string>(strings: readonly T[]): readonly T[] {
  if (strings.length < 2) return strings;
  // A table at most half full, of each kept string's index in `strings`; -1 for an empty slot.
  const size = 2 ** Math.ceil(Math.log2(strings.length * 2));
  const slots = new Int32Array(size).fill(-1);
  let kept: T[] | undefined;
  for (let index = 0; index < strings.length; index++) {
    const text = strings[index] as T;
    for (let slot = hash(text) & (size - 1); ; slot = (slot + 1) & (size - 1)) {
      const at = slots[slot] ?? -1;
      if (at < 0) {
        slots[slot] = index;
        kept?.push(text);
        break;
      }
      if (strings[at] === text) {
        // The first repeat: what came before it is kept as it was.
        kept ??= strings.slice(0, index);
        break;
      }
    }
  }
  return kept ?? strings;
}

/** FNV-1a over the string's UTF-16 code units. */
function hash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
