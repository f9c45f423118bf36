/**
 * What GitHub's `on.<event>.paths` filter selects, as cases of patterns, paths and the paths selected.
 *
 * REFERENCE_TABLE is the test table of nektos/act, pkg/workflowpattern/workflow_pattern_test.go (TestMatchPattern;
 * MIT licence, Copyright (c) 2022 The Act Authors), its `skipResult` read per path: a path is selected when a
 * workflow would run for it alone. Its case of no patterns (a filter that filters nothing) has no counterpart here.
 * CHEAT_SHEET holds the examples of GitHub's documentation, "Workflow syntax for GitHub Actions", section "Filter
 * pattern cheat sheet", patterns to match file paths, with the paths each example names as matching, and the
 * paths the text names as left out.
 */
export interface FilterCase {
  readonly patterns: readonly string[];
  readonly paths: readonly string[];
  readonly selected: readonly string[];
}

const one = (patterns: string[], path: string, selected: boolean): FilterCase => ({
  patterns,
  paths: [path],
  selected: selected ? [path] : [],
});

export const REFERENCE_TABLE: readonly FilterCase[] = [
  one(['*'], 'path/with/slash', false),
  { patterns: ['path/a', 'path/b', 'path/c'], paths: ['meta', 'path/b', 'otherfile'], selected: ['path/b'] },
  one(['path/a', 'path/b', 'path/c'], 'path/b', true),
  { patterns: ['path/a', 'path/b', 'path/c'], paths: ['path/c', 'path/b'], selected: ['path/c', 'path/b'] },
  {
    patterns: ['path/a', 'path/b', 'path/c'],
    paths: ['path/c', 'path/b', 'path/a'],
    selected: ['path/c', 'path/b', 'path/a'],
  },
  {
    patterns: ['path/a', 'path/b', 'path/c'],
    paths: ['path/c', 'path/b', 'path/d', 'path/a'],
    selected: ['path/c', 'path/b', 'path/a'],
  },
  one(['\\!file'], '!file', true),
  one(['escape\\\\backslash'], 'escape\\backslash', true),
  one(['.yml'], 'fyml', false),
  one(['feature/*'], 'feature/my-branch', true),
  one(['feature/*'], 'feature/your-branch', true),
  one(['feature/**'], 'feature/beta-a/my-branch', true),
  one(['feature/**'], 'feature/mona/the/octocat', true),
  one(['main', 'releases/mona-the-octocat'], 'main', true),
  one(['main', 'releases/mona-the-octocat'], 'releases/mona-the-octocat', true),
  one(['*'], 'main', true),
  one(['*'], 'releases', true),
  one(['**'], 'all/the/branches', true),
  one(['**'], 'every/tag', true),
  one(['*feature'], 'mona-feature', true),
  one(['*feature'], 'feature', true),
  one(['*feature'], 'ver-10-feature', true),
  one(['v2*'], 'v2', true),
  one(['v2*'], 'v2.0', true),
  one(['v2*'], 'v2.9', true),
  one(['v[12].[0-9]+.[0-9]+'], 'v1.10.1', true),
  one(['v[12].[0-9]+.[0-9]+'], 'v2.0.0', true),
  one(['*'], 'README.md', true),
  one(['*'], 'server.rb', true),
  one(['*.jsx?'], 'page.js', true),
  one(['*.jsx?'], 'page.jsx', true),
  one(['**'], 'all/the/files.md', true),
  one(['*.js'], 'app.js', true),
  one(['*.js'], 'index.js', true),
  one(['**.js'], 'index.js', true),
  one(['**.js'], 'js/index.js', true),
  one(['**.js'], 'src/js/app.js', true),
  one(['docs/*'], 'docs/README.md', true),
  one(['docs/*'], 'docs/file.txt', true),
  one(['docs/**'], 'docs/README.md', true),
  one(['docs/**'], 'docs/mona/octocat.txt', true),
  one(['docs/**/*.md'], 'docs/README.md', true),
  one(['docs/**/*.md'], 'docs/mona/hello-world.md', true),
  one(['docs/**/*.md'], 'docs/a/markdown/file.md', true),
  one(['**/docs/**'], 'docs/hello.md', true),
  one(['**/docs/**'], 'dir/docs/my-file.txt', true),
  one(['**/docs/**'], 'space/docs/plan/space.doc', true),
  one(['**/README.md'], 'README.md', true),
  one(['**/README.md'], 'js/README.md', true),
  one(['**/*src/**'], 'a/src/app.js', true),
  one(['**/*src/**'], 'my-src/code/js/app.js', true),
  one(['**/*-post.md'], 'my-post.md', true),
  one(['**/*-post.md'], 'path/their-post.md', true),
  one(['**/migrate-*.sql'], 'migrate-10909.sql', true),
  one(['**/migrate-*.sql'], 'db/migrate-v1.0.sql', true),
  one(['**/migrate-*.sql'], 'db/sept/migrate-v1.sql', true),
  one(['*.md', '!README.md'], 'hello.md', true),
  one(['*.md', '!README.md'], 'README.md', false),
  one(['*.md', '!README.md'], 'docs/hello.md', false),
  one(['*.md', '!README.md', 'README*'], 'hello.md', true),
  one(['*.md', '!README.md', 'README*'], 'README.md', true),
  one(['*.md', '!README.md', 'README*'], 'README.doc', true),
];

export const CHEAT_SHEET: readonly FilterCase[] = [
  {
    patterns: ['*'],
    paths: ['README.md', 'server.rb', 'docs/README.md'],
    selected: ['README.md', 'server.rb'],
  },
  {
    patterns: ['*.jsx?'],
    paths: ['page.js', 'page.jsx', 'page.jsxx', 'a/page.js'],
    selected: ['page.js', 'page.jsx'],
  },
  { patterns: ['**'], paths: ['all/the/files.md', 'README.md'], selected: ['all/the/files.md', 'README.md'] },
  { patterns: ['*.js'], paths: ['app.js', 'index.js', 'js/index.js'], selected: ['app.js', 'index.js'] },
  {
    patterns: ['**.js'],
    paths: ['index.js', 'js/index.js', 'src/js/app.js', 'index.json'],
    selected: ['index.js', 'js/index.js', 'src/js/app.js'],
  },
  {
    patterns: ['docs/*'],
    paths: ['docs/README.md', 'docs/file.txt', 'docs/mona/octocat.txt'],
    selected: ['docs/README.md', 'docs/file.txt'],
  },
  {
    patterns: ['docs/**'],
    paths: ['docs/README.md', 'docs/mona/octocat.txt', 'src/docs/a.md'],
    selected: ['docs/README.md', 'docs/mona/octocat.txt'],
  },
  {
    patterns: ['docs/**/*.md'],
    paths: ['docs/README.md', 'docs/mona/hello-world.md', 'docs/a/markdown/file.md', 'docs/a.txt'],
    selected: ['docs/README.md', 'docs/mona/hello-world.md', 'docs/a/markdown/file.md'],
  },
  {
    patterns: ['**/docs/**'],
    paths: ['docs/hello.md', 'dir/docs/my-file.txt', 'space/docs/plan/space.doc', 'mydocs/a.md'],
    selected: ['docs/hello.md', 'dir/docs/my-file.txt', 'space/docs/plan/space.doc'],
  },
  {
    patterns: ['**/README.md'],
    paths: ['README.md', 'js/README.md', 'js/NOT-README.md'],
    selected: ['README.md', 'js/README.md'],
  },
  {
    patterns: ['**/*src/**'],
    paths: ['a/src/app.js', 'my-src/code/js/app.js', 'source/app.js'],
    selected: ['a/src/app.js', 'my-src/code/js/app.js'],
  },
  {
    patterns: ['**/*-post.md'],
    paths: ['my-post.md', 'path/their-post.md', 'post.md'],
    selected: ['my-post.md', 'path/their-post.md'],
  },
  {
    patterns: ['**/migrate-*.sql'],
    paths: ['migrate-10909.sql', 'db/migrate-v1.0.sql', 'db/sept/migrate-v1.sql', 'db/migrate.sql'],
    selected: ['migrate-10909.sql', 'db/migrate-v1.0.sql', 'db/sept/migrate-v1.sql'],
  },
  {
    patterns: ['*.md', '!README.md'],
    paths: ['hello.md', 'README.md', 'docs/hello.md'],
    selected: ['hello.md'],
  },
  {
    patterns: ['*.md', '!README.md', 'README*'],
    paths: ['hello.md', 'README.md', 'README.doc'],
    selected: ['hello.md', 'README.md', 'README.doc'],
  },
];
