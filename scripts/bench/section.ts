/**
 * A section of BENCHMARKS.md: one module each, listed in scripts/bench.ts. A section measures what it is about, side
 * by side with what it compares against, and returns its Markdown whole (from its `##` heading, its method included)
 * with the targets it missed; scripts/bench.ts puts the sections together and writes the file.
 */
import type { Emulator } from '../../test/emulator/server.ts';

export interface BenchContext {
  /** The API emulator, at the benchmark's fixed latency, in the benchmark's own process. */
  readonly emulator: Emulator;
  /** Progress, on standard error. */
  readonly log: (line: string) => void;
  /** `--memory`: only what has a memory target, once each (a short look at peak RSS, written nowhere). */
  readonly memoryOnly: boolean;
}

export interface SectionResult {
  /** The section's Markdown, from its `##` heading. */
  readonly markdown: string;
  /** Each target missed, one sentence each. */
  readonly failures: readonly string[];
  /** Anything that makes its figures untrustworthy (calls lost, assets not confirmed), one sentence each. */
  readonly problems: readonly string[];
  /** Its lines for the headline at the top, if any. */
  readonly headline: readonly string[];
}

export interface Section {
  /** What `npm run bench -- --only <name>` names it by. */
  readonly name: string;
  /** Whether `--memory` runs it. */
  readonly memory: boolean;
  measure(context: BenchContext): Promise<SectionResult>;
}
