/**
 * What is generated from action.yml, so that nothing can drift from it: the README's input and output tables, and
 * src/settings/action-contract.ts (the inputs with their defaults, for the command and its --help; the output names, so
 * that a run that does not set one of them fails to compile).
 * `npm run generate` rewrites both; a test fails when either is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';

interface ActionYaml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
}

const root = new URL('..', import.meta.url);

export function actionYaml(): ActionYaml {
  return parse(readFileSync(new URL('action.yml', root), 'utf8')) as ActionYaml;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ').trim();
}

export function inputsTable(action: ActionYaml): string {
  const rows = Object.entries(action.inputs).map(([name, input]) => {
    const fallback = input.default === undefined || input.default === '' ? '' : `\`${input.default}\``;
    return `| \`${name}\` | ${input.required === true ? 'yes' : 'no'} | ${fallback} | ${cell(input.description)} |`;
  });
  return ['| Input | Required | Default | Description |', '|---|---|---|---|', ...rows].join('\n');
}

export function outputsTable(action: ActionYaml): string {
  const rows = Object.entries(action.outputs).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`,
  );
  return ['| Output | Description |', '|---|---|', ...rows].join('\n');
}

/** The README with both tables replaced between their markers. */
export function readmeWithTables(readme: string, action: ActionYaml): string {
  return replaceBetween(
    replaceBetween(readme, 'inputs', inputsTable(action)),
    'outputs',
    outputsTable(action),
  );
}

function replaceBetween(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start (generated from action.yml by scripts/generate.ts) -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

const readmePath = fileURLToPath(new URL('README.md', root));

/** The README as it should be: tables from action.yml, formatted as `npm run lint` wants it. */
export async function expectedReadme(): Promise<string> {
  const text = readmeWithTables(readFileSync(readmePath, 'utf8'), actionYaml());
  return format(text, { ...(await resolveConfig(readmePath)), filepath: readmePath });
}

const contractPath = fileURLToPath(new URL('src/settings/action-contract.ts', root));

/** src/settings/action-contract.ts as it should be. */
export async function expectedActionContract(): Promise<string> {
  const action = actionYaml();
  const inputs = Object.entries(action.inputs).map(([name, input]) => [
    name,
    { required: input.required === true, default: input.default ?? '' },
  ]);
  const text = [
    '// Generated from action.yml by scripts/generate.ts (npm run generate): do not edit.',
    '',
    // Not the descriptions: nothing reads them (the command's --help says each option in its own words), and every
    // run would open them.
    '// The command reads its defaults from here; the action gets them from the runner.',
    `export const ACTION_INPUTS = ${JSON.stringify(Object.fromEntries(inputs), null, 2)} as const;`,
    '',
    '// Every run, failed or not, sets each of them.',
    `export const ACTION_OUTPUTS = ${JSON.stringify(Object.keys(action.outputs))} as const;`,
    '',
    'export type OutputName = (typeof ACTION_OUTPUTS)[number];',
    '',
  ].join('\n');
  return format(text, { ...(await resolveConfig(contractPath)), filepath: contractPath });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(readmePath, await expectedReadme());
  writeFileSync(contractPath, await expectedActionContract());
}
