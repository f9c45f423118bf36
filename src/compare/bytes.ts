/** `length` bytes of an image file from `at` as Latin-1 text, for its tags (`RIFF`, `IHDR`, `Exif`); short past the end. */
export function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
