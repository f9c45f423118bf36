/**
 * The report of a run: what its stages returned and told, its outcome and its record, as plain data; and from it the
 * step's outputs and the JSON report, each composed from what the stages told, in the order of the list.
 */
import type { OutputName } from '../settings/action-contract.ts';
import { counted } from '../shown/format.ts';
import { withFailures, type Outcome } from '../outcome/outcome.ts';
import { toldBy, toldSafely, type Ran } from '../outcome/stages.ts';
import type { ListOutput, Told } from '../plan/stage.ts';
import { recordStage, type RecordResult } from '../record/stage.ts';

/** What a run did, as plain data: the source of the outputs, the summary, the JSON report and the command's text. */
export interface Report {
  /** What each stage returned, by its name. */
  readonly ran: Ran;
  /** What the run did, computed once: every renderer reads it. */
  readonly outcome: Outcome;
  /** What the run did with its target's record, when it has one. */
  readonly record: RecordResult | undefined;
  /** What each stage told, in the order of the list, the record last. */
  readonly told: readonly Told[];
  readonly startedAt: Date;
  readonly finishedAt: Date;
}

/** The report of a run whose stages have all run. */
export async function reportOf(run: Omit<Report, 'told' | 'finishedAt'>): Promise<Report> {
  const end = { cancelled: run.outcome.cancelled };
  const record = await toldSafely(recordStage.name, () => recordStage.tell(run.record));
  const told = [...(await toldBy(run.ran, end)), record];
  // The record is told after the outcome was computed: what it failed to tell fails the run all the same.
  return { ...run, outcome: withFailures(run.outcome, record.failures), told, finishedAt: new Date() };
}

/**
 * A run that ended before its report: bad input, changed files that could not be found, or a stage after the
 * invalidation that threw (`sent`: its calls had been sent).
 */
export interface RunFailure {
  readonly error: string;
  readonly startedAt: Date;
  readonly sent?: boolean | undefined;
}

/**
 * A list output at most this long, in characters: a later step can still pass it through an environment variable on
 * Windows (32,767 characters), and all outputs together stay far under the runner's 1 MB per job.
 */
export const OUTPUT_LIST_CAP = 30_000;

/** The files a run writes beside its outputs: the JSON report, and the whole lists. */
export interface WrittenFiles {
  readonly report: string;
  readonly invalidated: string;
  readonly failed: string;
  /** The summary's Markdown, for a pull-request comment. */
  readonly summary: string;
}

/** The output naming the file that lists each list output whole, and that file. */
const LISTED_IN = {
  invalidated: { output: 'invalidated-file', file: 'invalidated' },
  failed: { output: 'failed-file', file: 'failed' },
  unverified: { output: 'report-path', file: 'report' },
} as const satisfies Record<ListOutput, { output: OutputName; file: keyof WrittenFiles }>;

/** Every output, as a run that ended before its plan (or whose stages set none of it) leaves it. */
const UNSET: Readonly<Record<OutputName, string>> = {
  token: '',
  'cache-buster': '',
  'image-url-prefix': '',
  invalidated: '[]',
  'invalidated-count': '0',
  'invalidated-file': '',
  failed: '[]',
  'failed-count': '0',
  'failed-file': '',
  requests: '0',
  'origin-waited-seconds': '0',
  'verified-count': '',
  unverified: '',
  'report-path': '',
  'summary-file': '',
};

/** Each list output a stage set, with its references. */
function listOutputs(report: Report | undefined): { output: ListOutput; refs: readonly string[] }[] {
  return (report?.told ?? []).flatMap((told) =>
    (Object.keys(LISTED_IN) as ListOutput[]).flatMap((output) => {
      const refs = told.outputs[output];
      return refs === undefined ? [] : [{ output, refs }];
    }),
  );
}

/** The step's outputs, every one that action.yml declares; a run that ended before its plan has no report. */
export function outputsOf(report: Report | undefined, files: WrittenFiles): Record<OutputName, string> {
  const outputs: Record<OutputName, string> = {
    ...UNSET,
    'invalidated-file': files.invalidated,
    'failed-file': files.failed,
    'report-path': files.report,
    'summary-file': files.summary,
  };
  for (const told of report?.told ?? []) {
    for (const [name, value] of Object.entries(told.outputs) as [OutputName, string | readonly string[]][])
      if (typeof value === 'string') outputs[name] = value;
  }
  for (const list of listOutputs(report)) outputs[list.output] = listOutput(list.output, list.refs, files);
  return outputs;
}

/**
 * A JSON array while it fits; past the cap, a sentence that no JSON parser or workflow takes for the list, naming
 * the file that lists them all; empty when that file was not written whole, since it would name nothing.
 */
function listOutput(output: ListOutput, refs: readonly string[], files: WrittenFiles): string {
  const json = withinCap(refs);
  if (json !== undefined) return json;
  const listed = LISTED_IN[output];
  if (files[listed.file] === '') return '';
  const many = counted(refs.length, 'reference is', 'references are');
  return `${LIST_CUT} ${many} too many for an output; the file named by ${listed.output} lists them all`;
}

function withinCap(refs: readonly string[]): string | undefined {
  // Escaping only lengthens: a list whose bare size is over the cap is never turned into one long string.
  const bare = refs.reduce((size, ref) => size + ref.length + 3, 2);
  const json = bare > OUTPUT_LIST_CAP ? undefined : JSON.stringify(refs);
  return json !== undefined && json.length <= OUTPUT_LIST_CAP ? json : undefined;
}

/**
 * The list outputs left empty: too many references for the output, and the file that would list them not written
 * (`notWritten`: why, by the file's key). Each as the warning that says so, naming the file and its error.
 */
export function unlistedOutputs(
  report: Report | undefined,
  files: WrittenFiles,
  notWritten: (file: keyof WrittenFiles) => string,
): string[] {
  return listOutputs(report)
    .filter((list) => files[LISTED_IN[list.output].file] === '' && withinCap(list.refs) === undefined)
    .map(({ output, refs }) => {
      const listed = LISTED_IN[output];
      return (
        `${output}: left empty: ${counted(refs.length, 'reference is', 'references are')} too many for ` +
        `an output, and ${listed.output}, which would list them, could not be written (${notWritten(listed.file)}).`
      );
    });
}

/** How a list output that gave way to its file begins. */
export const LIST_CUT = 'not listed here:';

/**
 * The JSON report as text, in pieces: what each stage told, then every asset with its outcome, one a line, a chunk
 * at a time, so that a million assets never become one string. `clean` is applied to each piece (the key's forms
 * removed, runner commands neutralised). Times are ms from the start.
 */
export function* reportJsonText(report: Report, clean: (text: string) => string): Generator<string> {
  const { outcome } = report;
  const fields = {
    ok: outcome.failures.length === 0,
    dryRun: outcome.dryRun,
    cancelled: outcome.cancelled ? true : undefined,
    startedAt: report.startedAt.toISOString(),
    finishedAt: report.finishedAt.toISOString(),
    failures: outcome.failures,
    ...report.told.reduce<Record<string, unknown>>((all, told) => ({ ...all, ...told.json() }), {}),
  };
  const head = JSON.stringify(fields, null, 2);
  yield clean(`${head.slice(0, head.lastIndexOf('\n}'))},\n  "assets": [`);
  let first = true;
  for (const told of report.told) {
    for (const lines of told.assets()) {
      // What goes before the piece is joined in with it: one string, not pairs that V8 would copy again.
      lines[0] = `${first ? '' : ','}\n    ${lines[0] ?? ''}`;
      yield clean(lines.join(',\n    '));
      first = false;
    }
  }
  yield `${first ? '' : '\n  '}]\n}\n`;
}

/** The JSON report of a run that ended before its plan. */
export function failureJson(failure: RunFailure): object {
  return {
    ok: false,
    error: failure.error,
    sent: failure.sent === true,
    startedAt: failure.startedAt.toISOString(),
  };
}
