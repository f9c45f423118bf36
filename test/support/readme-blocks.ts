/**
 * The README's fenced code blocks, and what makes each kind of block true of this project: a workflow step that
 * uses the action names only inputs and outputs of action.yml, a command names only flags the command has, an
 * `npm run` names a script package.json has. Each check returns the problems it finds, so that a test can show it
 * finds them in a wrong block as well as none in the README.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { parseCommandLine } from '../../src/cli/args.ts';
import { ROOT } from './command.ts';
import { guidePaths, readPage } from './docs.ts';

export interface CodeBlock {
  /** The first word of the fence's info string; '' when it has none. */
  readonly language: string;
  readonly text: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
}

/** The languages a README block may be tagged with, and how each is checked. */
export const LANGUAGES = {
  yaml: 'yaml',
  yml: 'yaml',
  ts: 'typescript',
  typescript: 'typescript',
  sh: 'shell',
  bash: 'shell',
  shell: 'shell',
  json: 'json',
  text: 'text',
  mermaid: 'mermaid',
} as const;

export type Kind = (typeof LANGUAGES)[keyof typeof LANGUAGES];

export const README_PATH = join(ROOT, 'README.md');

export function readme(): string {
  return readFileSync(README_PATH, 'utf8');
}

/** A code block of a page of the guide, with the page it is on. */
export interface PageBlock extends CodeBlock {
  /** The page, from the repository's root: `README.md`, `docs/recipes/netlify.md`. */
  readonly path: string;
}

/** Every fenced code block of README.md and of every page of docs/, page by page. */
export function guideBlocks(): PageBlock[] {
  return guidePaths().flatMap((path) => codeBlocks(readPage(path).text).map((block) => ({ ...block, path })));
}

/** Where a block is, as an editor opens it: `docs/recipes/netlify.md:12`. */
export function placeOf(block: PageBlock): string {
  return `${block.path}:${block.line}`;
}

/** Fenced blocks as CommonMark reads them: ``` or ~~~, up to 3 spaces of indent, closed by a fence as long. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)/.exec(lines[i] ?? '');
    if (open === null) continue;
    const [, indent = '', fence = '', language = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    for (; j < lines.length && !close.test(lines[j] ?? ''); j++) {
      body.push((lines[j] ?? '').replace(new RegExp(`^ {0,${indent.length}}`), ''));
    }
    blocks.push({ language: language.toLowerCase(), text: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

export function kindOf(block: CodeBlock): Kind | undefined {
  return (LANGUAGES as Record<string, Kind>)[block.language];
}

interface ActionYaml {
  readonly inputs: Record<string, unknown>;
  readonly outputs: Record<string, unknown>;
}

function actionYaml(): ActionYaml {
  return parseDocument(readFileSync(join(ROOT, 'action.yml'), 'utf8')).toJS() as ActionYaml;
}

function packageJson(): {
  scripts: Record<string, string>;
  repository: { url: string };
  name: string;
  version: string;
} {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as ReturnType<typeof packageJson>;
}

/** `owner/name` of the repository that package.json names: what a workflow writes before `@` in `uses:`. */
export function actionRepository(): string {
  return packageJson().repository.url.replace(/^git\+https:\/\/github\.com\/|\.git$/g, '');
}

/** A YAML block that is a GitLab CI configuration says so on its first line, as the file's name. */
export function isGitLabCi(block: CodeBlock): boolean {
  return /^#\s*\.gitlab-ci\.ya?ml\b/.test(block.text);
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every mapping in a YAML value, nested ones included. */
function mappings(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(mappings);
  if (!isMapping(value)) return [];
  return [value, ...Object.values(value).flatMap(mappings)];
}

/** The parsed YAML, or the parser's errors. */
export function parseYaml(text: string): { data: unknown; problems: string[] } {
  const document = parseDocument(text, { prettyErrors: false });
  const problems = [...document.errors, ...document.warnings].map((error) => error.message);
  return { data: problems.length > 0 ? undefined : (document.toJS() as unknown), problems };
}

/**
 * A GitHub Actions block (a workflow, a job or a list of steps): each step that uses this action has a `uses:` of
 * this repository (or `./`) and only inputs of action.yml under `with:`; each `steps.<id>.outputs.<name>` of such a
 * step, or of a step the block does not show, names an output of action.yml; every `run:` is a valid shell block
 * and names its shell (bash), so that it runs as written on every OS a job may run on.
 */
export function workflowProblems(text: string): string[] {
  const { data, problems } = parseYaml(text);
  if (problems.length > 0) return problems;
  const action = actionYaml();
  const repository = actionRepository();
  const name = repository.split('/')[1] ?? '';
  const steps = mappings(data).filter((mapping) => typeof mapping.uses === 'string' || 'run' in mapping);
  if (steps.length === 0) problems.push('no step: neither `uses:` nor `run:`');
  const ours = new Set<string>();
  const others = new Set<string>();
  // A workflow's or job's `defaults: run: shell:` names the shell of every run: below it.
  const shellByDefault = mappings(data).some(
    (mapping) =>
      isMapping(mapping.defaults) && isMapping(mapping.defaults.run) && 'shell' in mapping.defaults.run,
  );
  for (const step of steps) {
    const uses = typeof step.uses === 'string' ? step.uses : undefined;
    const id = typeof step.id === 'string' ? step.id : undefined;
    if (uses !== undefined && (uses === './' || uses.split('@')[0]?.endsWith(`/${name}`))) {
      if (id !== undefined) ours.add(id);
      if (uses !== './' && !new RegExp(`^${repository}@(v\\d+(\\.\\d+){0,2}|[0-9a-f]{40})$`).test(uses))
        problems.push(`uses: ${uses}: not ${repository}@<version or commit SHA>`);
      const inputs = isMapping(step.with) ? Object.keys(step.with) : [];
      for (const input of inputs)
        if (!(input in action.inputs)) problems.push(`with: ${input}: not an input of action.yml`);
    } else if (id !== undefined) others.add(id);
    // A copied workflow runs as it is: a `<…>` to fill in fails there, far from the page that wrote it.
    if (uses !== undefined && /<[^>]*>/.test(uses))
      problems.push(`uses: ${uses}: a placeholder, not a version`);
    // A workflow's `npm run` runs the user's own scripts: only the command is checked there.
    if (typeof step.run === 'string')
      problems.push(...shellProblems(step.run, { npmScripts: false }).map((p) => `run: ${p}`));
    // The runner's default shell is bash on Linux and macOS, PowerShell on Windows: a snippet is written for one.
    if (typeof step.run === 'string' && !('shell' in step) && !shellByDefault)
      problems.push(
        `run: ${step.run.split('\n')[0] ?? ''}: names no shell, so a Windows job runs it in PowerShell, where a ` +
          '"$NAME" of the environment is empty: add shell: bash, which every GitHub-hosted runner has',
      );
  }
  for (const [, id = '', output = ''] of text.matchAll(/\bsteps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
    if (!others.has(id) && !(output in action.outputs))
      problems.push(`steps.${id}.outputs.${output}: not an output of action.yml`);
  }
  return problems;
}

/** A GitLab CI block: it parses, its jobs have a `script:`, and each script line is a valid command. */
export function gitLabProblems(text: string): string[] {
  const { data, problems } = parseYaml(text);
  if (problems.length > 0) return problems;
  if (!isMapping(data)) return ['not a mapping of jobs'];
  const jobs = Object.entries(data).filter(([key]) => !key.startsWith('.') && !GITLAB_KEYWORDS.has(key));
  if (jobs.length === 0) problems.push('no job');
  for (const [job, body] of jobs) {
    const script = isMapping(body) ? body.script : undefined;
    if (!Array.isArray(script)) problems.push(`${job}: no script`);
    else
      for (const line of script)
        problems.push(...shellProblems(String(line), { npmScripts: false }).map((p) => `${job}: ${p}`));
  }
  return problems;
}

const GITLAB_KEYWORDS = new Set([
  'default',
  'include',
  'stages',
  'variables',
  'workflow',
  'image',
  'services',
  'cache',
  'before_script',
  'after_script',
]);

/** Words and operators of a shell script, quotes removed, comments and line continuations dropped. */
export function shellWords(script: string): string[][] {
  const commands: string[][] = [[]];
  // A workflow expression is one word wherever it stands.
  const text = script.replace(/\$\{\{[^}]*\}\}/g, 'EXPRESSION').replace(/\\\r?\n/g, ' ');
  let word: string | undefined;
  const current = (): string[] => commands[commands.length - 1] ?? [];
  const endWord = (): void => {
    if (word !== undefined) current().push(word);
    word = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? '') + text.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? text.length : end;
    } else if (char === '"') {
      let j = i + 1;
      let value = '';
      for (; j < text.length && text[j] !== '"'; j++) value += (text[j] === '\\' ? text[++j] : text[j]) ?? '';
      word = (word ?? '') + value;
      i = j;
    } else if (char === '\\') word = (word ?? '') + (text[++i] ?? '');
    else if (char === '#' && word === undefined) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end - 1;
    } else if (/[\n;|&]/.test(char)) {
      endWord();
      if (current().length > 0) commands.push([]);
    } else if (/[<>]/.test(char)) {
      // A redirection and its target are not the command's arguments.
      if (/^\d$/.test(word ?? '')) word = undefined;
      endWord();
      while (/[<>]/.test(text[i + 1] ?? '')) i++;
      if (text[i + 1] === '&') {
        // `2>&1`: a descriptor, no file.
        i++;
        while (/\d|-/.test(text[i + 1] ?? '')) i++;
        continue;
      }
      while (/[ \t]/.test(text[i + 1] ?? '')) i++;
      let j = i + 1;
      while (j < text.length && !/[\s;|&<>]/.test(text[j] ?? '')) j++;
      i = j - 1;
    } else if (/\s/.test(char)) endWord();
    else word = (word ?? '') + char;
  }
  endWord();
  return commands.filter((command) => command.length > 0);
}

/** npx's own options before the package's name. */
const NPX_OPTIONS = new Set(['--yes', '-y', '--no', '--no-install', '--quiet', '-q']);

/** npx's options that name the package to install, followed by its spec. */
const NPX_PACKAGE = new Set(['--package', '-p']);

/**
 * A shell script: every `image-cache-invalidate` command (run directly or with npx) is one the command accepts, and
 * every `npm run <script>` (and `npm test`) names a script of this project's package.json, unless the script is
 * one of the user's own (a workflow's or a CI job's).
 */
export function shellProblems(script: string, { npmScripts = true } = {}): string[] {
  const problems: string[] = [];
  const { scripts, name, version } = packageJson();
  for (const command of shellWords(script)) {
    let words = command.slice(command.findIndex((word) => !/^[A-Za-z_]\w*=/.test(word)));
    const npx = words[0] === 'npx';
    let spec: string | undefined;
    if (npx) {
      words = words.slice(1);
      for (;;) {
        if (NPX_OPTIONS.has(words[0] ?? '')) words = words.slice(1);
        else if (NPX_PACKAGE.has(words[0] ?? '')) [spec, words] = [words[1], words.slice(2)];
        else if (words[0]?.startsWith('--package=') === true)
          [spec, words] = [words[0].slice(10), words.slice(1)];
        else break;
      }
    }
    const [program = '', ...args] = words;
    // A tarball that `npm pack` wrote is named for the version it packed.
    const packed = spec !== undefined && program === name ? /([^/\\]+)\.tgz$/.exec(spec)?.[1] : undefined;
    if (packed !== undefined && packed !== `${name}-${version}`) {
      problems.push(`${spec ?? ''}: not the ${name}-${version}.tgz that npm pack writes`);
      continue;
    }
    // npx fetches the newest version unless told one: a CI job would change under its users.
    const named = spec !== undefined && program === name ? spec : program;
    const pinned = named.startsWith(`${name}@`) ? named.slice(name.length + 1) : undefined;
    if (npx && named === name) {
      problems.push(`${words.join(' ')}: npx runs whatever version is newest: pin ${name}@${version}`);
    } else if (pinned !== undefined && pinned !== version) {
      problems.push(`${words.join(' ')}: pinned at ${pinned}, but package.json is at ${version}`);
    } else if (program === name || pinned !== undefined || packed !== undefined) {
      try {
        parseCommandLine(args);
      } catch (error) {
        problems.push(`${words.join(' ')}: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else if (program === 'npm' && npmScripts) {
      const [verb = '', script = ''] = args;
      const wanted = ['run', 'run-script'].includes(verb)
        ? script
        : ['test', 'start'].includes(verb)
          ? verb
          : '';
      if (wanted !== '' && !(wanted in scripts)) problems.push(`npm ${verb} ${script}: no such script`);
    }
  }
  return problems;
}

/** A JSON block parses. */
export function jsonProblems(text: string): string[] {
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}
