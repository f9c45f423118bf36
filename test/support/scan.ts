/**
 * Where a key could show after a run of the built action, and the forms it could show in. Written independently of
 * src/shown/redact.ts: the forms are derived here from first principles, not copied from the redactor.
 */
import type { ActionRun } from './runner.ts';

/**
 * The characters of a base64 text that depend on the key's bytes alone, when the key starts `offset` bytes into the
 * encoded data (as in `Basic base64(user:key)`). Found by encoding the key between filler bytes of all zeros and of
 * all ones: a character that mixes in a filler bit differs between the two, one made of key bits only does not.
 */
export function base64Core(key: string, offset: number, encoding: 'base64' | 'base64url'): string {
  const encode = (fill: number): string =>
    Buffer.concat([Buffer.alloc(offset, fill), Buffer.from(key, 'utf8'), Buffer.alloc(2, fill)]).toString(
      encoding,
    );
  const zeros = encode(0x00);
  const ones = encode(0xff);
  let best = '';
  let run = '';
  for (let i = 0; i < zeros.length; i++) {
    run = zeros[i] === ones[i] ? run + (zeros[i] ?? '') : '';
    if (run.length > best.length) best = run;
  }
  return best;
}

/** The key as a server, a log or a report could carry it: the forms the README promises to mask. */
export function keyForms(key: string): Record<string, string> {
  const bytes = Buffer.from(key, 'utf8');
  const forms: Record<string, string> = { raw: key };
  for (const offset of [0, 1, 2]) {
    forms[`base64@${offset}`] = base64Core(key, offset, 'base64');
    forms[`base64url@${offset}`] = base64Core(key, offset, 'base64url');
  }
  forms.hex = bytes.toString('hex');
  forms.HEX = bytes.toString('hex').toUpperCase();
  forms['URL-encoded'] = encodeURIComponent(key);
  forms['JSON-escaped'] = JSON.stringify(key).slice(1, -1);
  return forms;
}

/** Every encoding a hostile server might echo the key in, whole (base64 at each byte offset, inside more text). */
export function echoedForms(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const after = (prefix: string, encoding: 'base64' | 'base64url'): string =>
    Buffer.concat([Buffer.from(prefix), bytes]).toString(encoding);
  return [
    key,
    ...['', 'u', 'ab', 'user:'].flatMap((prefix) => [after(prefix, 'base64'), after(prefix, 'base64url')]),
    `Basic ${after('user:', 'base64')}`,
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    encodeURIComponent(key),
  ];
}

// The runner's escaping of workflow command data (%, CR, LF) and properties (also ':' and ',').
function unescapeCommand(text: string): string {
  return text
    .replaceAll('%0D', '\r')
    .replaceAll('%0A', '\n')
    .replaceAll('%3A', ':')
    .replaceAll('%2C', ',')
    .replaceAll('%25', '%');
}

/** A log line as the runner shows it: a workflow command (`::warning file=a::text`) decoded. */
export function shownLine(line: string): string {
  const command = /^::([A-Za-z][\w-]*)(?: ([^:]*))?::(.*)$/.exec(line);
  if (command === null) return line;
  const [, name = '', properties = '', data = ''] = command;
  return `${name} ${unescapeCommand(properties)}: ${unescapeCommand(data)}`;
}

/** Markdown as GitHub renders it: backslash escapes and character references resolved. */
export function renderedMarkdown(markdown: string): string {
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&');
}

/** Every string of a JSON text, keys included, as a reader (jq -r) gets them. */
export function jsonStrings(text: string): string {
  if (text.trim() === '') return '';
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [name, inner] of Object.entries(value)) {
        strings.push(name);
        walk(inner);
      }
    }
  };
  walk(JSON.parse(text) as unknown);
  return strings.join('\n');
}

/**
 * Everything a run shows, channel by channel. `::add-mask::` lines are left out: the runner consumes them and shows
 * nothing. The log is scanned as written and as the runner shows it (commands decoded); annotations alone too.
 */
export function channels(run: ActionRun): Record<string, string> {
  const lines = run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
  const annotations = lines.filter((line) => /^::(error|warning|notice)\b/.test(line));
  const outputs = Object.fromEntries(
    Object.entries(run.outputs).map(([name, value]) => [`output ${name}`, value]),
  );
  const arrays = ['invalidated', 'failed']
    .map((name) => run.outputs[name] ?? '')
    .filter((value) => value.startsWith('['));
  return {
    stdout: lines.join('\n'),
    'log as shown': lines.map(shownLine).join('\n'),
    annotations: annotations.map(shownLine).join('\n'),
    stderr: run.stderr,
    ...outputs,
    'outputs, parsed': arrays.map(jsonStrings).join('\n'),
    summary: run.summary,
    'summary as rendered': renderedMarkdown(run.summary),
    'summary file': run.summaryFile,
    'summary file as rendered': renderedMarkdown(run.summaryFile),
    report: run.report,
    'report, parsed': jsonStrings(run.report),
    ...Object.fromEntries(Object.entries(run.lists).map(([name, text]) => [`list file ${name}`, text])),
  };
}

export interface Leak {
  readonly channel: string;
  readonly encoding: string;
}

/** Each (channel, encoding) in which a secret shows; and how many were checked. */
export function scan(run: ActionRun, secrets: readonly string[]): { leaks: Leak[]; checks: number } {
  const leaks: Leak[] = [];
  let checks = 0;
  for (const [channel, text] of Object.entries(channels(run))) {
    for (const secret of secrets) {
      for (const [encoding, form] of Object.entries(keyForms(secret))) {
        checks += 1;
        if (text.includes(form)) leaks.push({ channel, encoding });
      }
    }
  }
  return { leaks, checks };
}
