/**
 * The contract every stage after the plan keeps: it is called with its slice of the plan, the results before it and
 * the run's context, returns its own result as a value, and tells what it did in each voice the run speaks. The
 * renderers compose what the stages tell; none of them knows a stage's insides.
 */
import type { AssetRef } from '../domain/refs.ts';
import type { RewrittenUrl } from '../domain/variants.ts';
import type { Clock } from '../mechanics/clock.ts';
import type { OutputName } from '../settings/action-contract.ts';
import type { Log } from '../shown/log.ts';
import type { Redact } from '../shown/redact.ts';
import type { RunPlan } from './run-plan.ts';

/** What every stage shares: where it writes, what it withholds, its time and its cancel, and where the checkout is. */
export interface RunContext {
  readonly log: Log;
  readonly redact: Redact;
  /** The run's time: the system's, unless a test runs the flow on virtual time. */
  readonly clock: Clock;
  /** The run's cancel: no stage starts new work after it. */
  readonly signal: AbortSignal | undefined;
  /** Where the checkout is: asked only by a stage that reads it (the CI's context is loaded, and reads a file). */
  readonly workspace: () => Promise<string>;
  /** Where a wait stands, each line replacing the last (the command's live line on a terminal); else logged. */
  readonly status?: ((line: string) => void) | undefined;
  /** Told as each invalidation call ends, after the log (the command's progress bar). */
  readonly callEnded?: ((failed: boolean) => void) | undefined;
}

/**
 * A stage: `slice` takes its part of the plan (undefined: it has nothing to do, and its result says so), `run` does
 * it, and `tell` says what it did. `Before` is what it reads of the stages listed before it, by their names. A stage
 * with something to say may load its words first: a run it did nothing in opens none of them.
 */
export interface Stage<Name extends string, Slice, Before, Result> {
  readonly name: Name;
  readonly slice: (plan: RunPlan) => Slice;
  readonly run: (slice: Slice, before: Before, context: RunContext) => Promise<Result>;
  readonly tell: (result: Result, end: RunEnd) => Told | Promise<Told>;
}

/** What every stage's words may depend on beyond its own result: how the run ended. */
export interface RunEnd {
  /** A signal stopped the run, whether during this stage or after it. */
  readonly cancelled: boolean;
}

/**
 * What a stage did, in each voice: the run's failures, the log's closing lines, its section of the job summary, its
 * fields of the JSON report, its lines of the command's result and the outputs it sets. A voice it has nothing to
 * say in is empty.
 */
export interface Told {
  /** Each thing it did not land, as a sentence: any fails the run. */
  readonly failures: readonly string[];
  /** Its closing lines of the log, once the run's files are written: `listedIn` names the file listing a list whole. */
  readonly closing: (log: Log, listedIn: ListedIn) => void;
  /** Its section of the job summary, Markdown lines, escaped. */
  readonly summary: () => readonly string[];
  /** Its fields of the JSON report, at the top level (the report's shape is a contract of its own). */
  readonly json: () => Readonly<Record<string, unknown>>;
  /** Its entries of the JSON report's `assets`, the JSON text of each, a piece at a time (a million may come). */
  readonly assets: () => Iterable<string[]>;
  /** Its lines of the command's result on standard output. */
  readonly text: () => readonly string[];
  /** The outputs it sets; a list output takes its references, which the report caps and names a file for. */
  readonly outputs: Partial<
    Record<ListOutput, readonly string[]> & Record<Exclude<OutputName, ListOutput>, string>
  >;
}

/** The outputs that list references: a JSON array while it fits, else a sentence naming the file listing them. */
export type ListOutput = 'invalidated' | 'failed' | 'unverified';

/** Where a list output is listed whole, as the log names it. */
export type ListedIn = (list: 'invalidated' | 'failed') => string;

/** Nothing told, in every voice: a stage that did not run. */
export const SILENT: Told = {
  failures: [],
  closing: () => undefined,
  summary: () => [],
  json: () => ({}),
  assets: () => [],
  text: () => [],
  outputs: {},
};

/** What a stage that asks the image host for the pages' variants reads of the stages before it. */
export interface AfterPages {
  readonly invalidate: { readonly outcome: Landed };
  /** The variants the pages use; unknown (undefined) when the rewrite failed, and then none is asked for. */
  readonly pages: { readonly variants: readonly RewrittenUrl[] | undefined };
}

/** What the invalidation landed, as the stages after it (rewrite, pages, warm-up, proof) read it. */
export interface Landed {
  readonly cancelled: boolean;
  /** The fresh cache token, when one was requested and obtained. */
  readonly token?: string | undefined;
  /** Confirmed by the service. */
  readonly invalidated: readonly AssetRef[];
  /** Invalidated, or on a dry run those that would be: what a preview counts. */
  readonly touched: readonly AssetRef[];
}
