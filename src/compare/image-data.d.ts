/**
 * The decoders declare their results as the DOM's ImageData, which a Node project's types do not know: the part of
 * it that they fill.
 */
declare global {
  interface ImageData {
    readonly width: number;
    readonly height: number;
    readonly data: Uint8ClampedArray;
  }
}

export {};
