// The layers of src/, from the bottom: a folder (or a file directly in src/) imports only from the layers below its
// own, never from one above it nor from a sibling in its own layer. ARCHITECTURE.md says what each layer holds.
// `npm run lint` checks it (dependency-cruiser); a new import that climbs fails with the rule's name and the two files.
export const LAYERS = [
  ['shown', 'supported-node.ts'],
  ['mechanics', 'node-check.ts'],
  ['compare', 'domain'],
  ['github', 'settings'],
  ['ci'],
  ['plan'],
  ['service'],
  ['origin'],
  ['changes', 'learn', 'invalidate', 'rewrite', 'pages', 'warm', 'proof'],
  ['outcome'],
  ['record'],
  ['report'],
  ['flow.ts', 'cancel.ts'],
  ['main.ts', 'cli', 'lib.ts'],
  ['index.ts'],
];

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const path = (name) => `^src/${escape(name)}${name.endsWith('.ts') ? '$' : '/'}`;
const any = (names) => `(${names.map(path).join('|')})`;

const layerRules = LAYERS.flatMap((layer, index) => {
  const above = LAYERS.slice(index + 1).flat();
  return layer.flatMap((name) => {
    const forbidden = [...above, ...layer.filter((other) => other !== name)];
    if (forbidden.length === 0) return [];
    return {
      name: `layer:${name}`,
      comment:
        `src/${name} sits in layer ${index + 1} of ${LAYERS.length}: it may import only from the layers below it ` +
        '(see layers.config.mjs and ARCHITECTURE.md). Move what both need down to a lower layer instead.',
      severity: 'error',
      from: { path: path(name) },
      to: { path: any(forbidden) },
    };
  });
});

const placed = LAYERS.flat();

/** The folders that are stages: outside its folder, a stage is known by its face (`stage.ts`) alone. */
export const STAGE_FOLDERS = ['changes', 'invalidate', 'rewrite', 'pages', 'warm', 'proof', 'record'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: 'in-a-layer',
      comment:
        'Every folder and file of src/ has a place in LAYERS (layers.config.mjs): add a new one there.',
      severity: 'error',
      from: { path: '^src/', pathNot: any(placed) },
      to: {},
    },
    {
      name: 'stage-face',
      comment:
        'Outside its folder, a stage is known by its face alone (src/<stage>/stage.ts): export what others need ' +
        'from there, so that a change inside a stage touches its folder alone.',
      severity: 'error',
      from: { path: '^src/([^/]+)' },
      to: { path: `^src/(${STAGE_FOLDERS.join('|')})/`, pathNot: ['^src/$1/', '/stage[.]ts$'] },
    },
    {
      name: 'comparison-loaded-when-used',
      comment:
        'The image comparison (src/compare/compare.ts) is loaded with import() where a picture is looked at, as ' +
        'origin/verdict.ts and proof/judge.ts do: a static import puts it in the code every run opens at start-up, ' +
        'a dry run included (test/e2e/decoders.test.ts measures it). Its types come with `import type`.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/compare/compare\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'no-circular',
      comment:
        'Two files that import each other, through any others, are one piece: split what both need out.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
