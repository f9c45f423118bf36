/**
 * Workflow commands as GitHub's runner reads them from a step's output (actions/runner, ActionCommand.cs): the
 * form `::name props::data` at the start of a line after leading whitespace, else the legacy `##[name props]data`
 * anywhere in the line; a command counts only when its name is one the runner knows. Lines end at `\n`, `\r\n` or
 * a lone `\r`. Azure Pipelines' `##vso[` is found anywhere too.
 */

export interface RunnerCommand {
  readonly form: '::' | '##[' | '##vso[';
  readonly name: string;
  readonly data: string;
  readonly line: string;
  /**
   * The `::` form's properties (`file=…`) as the runner reads them: split on `,`, each at its first `=`, and
   * `%25` `%0D` `%0A` `%3A` `%2C` unescaped (ActionCommand.cs, UnescapeProperty).
   */
  readonly properties?: Readonly<Record<string, string>>;
}

/** The commands the runner registers. */
const REGISTERED = new Set([
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'internal-set-repo-path',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning',
]);

/** What the action writes to the runner, and nothing else. */
const OWN = new Set(['add-mask', 'debug', 'endgroup', 'error', 'group', 'notice', 'warning']);

export function runnerCommands(output: string): RunnerCommand[] {
  return output.split(/\r\n|\r|\n/).flatMap((line) => {
    const command = commandIn(line);
    // A workflow command's properties are the runner's alone (an annotation's `file=` is a path, exact): an Azure
    // agent never reads a GitHub step's log, so `##vso[` counts there only in what a log viewer shows, the data.
    const shown = command?.form === '::' ? command.data : line;
    const vso = shown.indexOf('##vso[');
    const azure: RunnerCommand[] =
      vso < 0
        ? []
        : [{ form: '##vso[', name: shown.slice(vso + 6).split(/[\s\]]/)[0] ?? '', data: line, line }];
    return [...(command === undefined ? [] : [command]), ...azure];
  });
}

function commandIn(line: string): RunnerCommand | undefined {
  // .NET's TrimStart: \s and U+0085.
  const trimmed = line.replace(/^[\s\u0085]+/, '');
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2);
    if (end >= 0) {
      const info = trimmed.slice(2, end);
      const space = info.indexOf(' ');
      const name = space < 0 ? info : info.slice(0, space);
      if (REGISTERED.has(name)) {
        const properties = space < 0 ? {} : commandProperties(info.slice(space + 1).trim());
        return { form: '::', name, data: trimmed.slice(end + 2), line, properties };
      }
    }
  }
  const prefix = line.indexOf('##[');
  if (prefix < 0) return undefined;
  const bracket = line.indexOf(']', prefix);
  if (bracket < 0) return undefined;
  const name = line.slice(prefix + 3, bracket).split(' ')[0] ?? '';
  return REGISTERED.has(name) ? { form: '##[', name, data: line.slice(bracket + 1), line } : undefined;
}

function commandProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of text.split(',').filter((part) => part !== '')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    properties[pair.slice(0, equals)] = unescapeProperty(pair.slice(equals + 1));
  }
  return properties;
}

const PROPERTY_ESCAPES: Readonly<Record<string, string>> = {
  '%0D': '\r',
  '%0A': '\n',
  '%3A': ':',
  '%2C': ',',
  '%25': '%',
};

function unescapeProperty(value: string): string {
  // In the runner's order: %25 last, so that `%250A` reads back as `%0A`, not as a line break.
  return value
    .replace(/%0D|%0A|%3A|%2C/g, (escape) => PROPERTY_ESCAPES[escape] ?? escape)
    .replaceAll('%25', '%');
}

/**
 * The commands in `output` that the action did not write itself: any legacy or Azure command, any name outside
 * what @actions/core writes for it, and any command whose data starts with `marker` (the text a test's hostile
 * input begins its payloads with: the action's own commands never start with outside text).
 */
export function foreignCommands(output: string, marker?: string): RunnerCommand[] {
  return runnerCommands(output).filter(
    (command) =>
      command.form !== '::' ||
      !OWN.has(command.name) ||
      (marker !== undefined && command.data.startsWith(marker)),
  );
}
