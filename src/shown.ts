/**
 * The one place where text from outside the process (server answers, file names, paths, URLs, git's and the
 * GitHub API's output) becomes text the action or the command shows: the key withheld in any encoding (redact.ts),
 * then nothing left that a CI runner would read as a command.
 *
 * GitHub's runner reads `::name::data` at the start of a line (after leading whitespace) and the legacy
 * `##[name]data` anywhere in a line; Azure Pipelines reads `##vso[` the same way. A line breaks at `\n`, `\r\n` or
 * a lone `\r`. Each such place gets a backslash (`\::`, `##\[`, `##vso\[`): readable, and inert to every reader.
 */
import type { Redact } from './redact.ts';

export type Shown = (text: string) => string;

/** Redacts, then neutralises runner commands, line by line. */
export function shownBy(redact: Redact): Shown {
  return (text) => neutraliseCommands(redact(text));
}

// .NET's TrimStart, which the runner applies, removes U+0085 too; \s covers the rest of its whitespace.
const COMMAND_START = /^([\s\u0085]*)::/;
const LEGACY_COMMAND = /##(vso)?\[/gi;

/** Every line of `text` with no runner command left in it; line breaks are kept. */
export function neutraliseCommands(text: string): string {
  if (!text.includes('::') && !text.includes('##')) return text;
  return text
    .split(/(\r\n|\r|\n)/)
    .map((line) =>
      line.replace(COMMAND_START, '$1\\::').replace(LEGACY_COMMAND, (found) => `${found.slice(0, -1)}\\[`),
    )
    .join('');
}

/**
 * JSON for standard output, where a CI log shows it: `##[` inside a string becomes `##\u005b`, the same JSON value.
 * (JSON never starts a line with `::`, and holds no raw line break inside a string.)
 */
export function neutraliseJson(json: string): string {
  return json.replace(LEGACY_COMMAND, (found) => `${found.slice(0, -1)}\\u005b`);
}

/** One line: outside text inside a sentence of ours must not start a line of its own. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');
}
