import type { AssetRef } from '../domain/refs.ts';
import { MAX_ASSETS_PER_CALL } from '../domain/batches.ts';

/**
 * How long a batch waits for more ready images before it is sent: each image's staleness grows by it, and the images
 * of a deploy seen to land are asked all at once, so those ready come within a fraction of a second of each other.
 */
export const LINGER_MS = 200;

/**
 * Ready images gathered into batches of up to MAX_ASSETS_PER_CALL: a full batch goes at once, a partial one after
 * LINGER_MS, and whatever is left when the checks end goes with `flush`.
 */
export class ReadyBatches {
  private batch: AssetRef[] = [];
  private timer: NodeJS.Timeout | undefined;

  private readonly send: (refs: readonly AssetRef[]) => void;
  private readonly lingerMs: number;

  constructor(send: (refs: readonly AssetRef[]) => void, lingerMs: number = LINGER_MS) {
    this.send = send;
    this.lingerMs = lingerMs;
  }

  push(ref: AssetRef): void {
    this.batch.push(ref);
    if (this.batch.length >= MAX_ASSETS_PER_CALL) this.flush();
    else
      this.timer ??= setTimeout(() => {
        this.flush();
      }, this.lingerMs);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.length === 0) return;
    const refs = this.batch;
    this.batch = [];
    this.send(refs);
  }
}
