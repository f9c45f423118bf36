import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'lib/', 'node_modules/', 'build/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  // The action's regular expressions read text from outside (server answers, files, names, images): one that
  // backtracks can take minutes on a few hundred bytes, so an expression that may is an error in src/. The tests'
  // and scripts' expressions read the project's own output.
  { files: ['src/**/*.ts'], ...regexp.configs['flat/recommended'] },
  {
    files: ['src/**/*.ts'],
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], extends: [tseslint.configs.disableTypeChecked] },
);
