/** Fails when dist/ is not exactly what `npm run build` produces from the sources (CI's check-dist). */
import { execFileSync } from 'node:child_process';

execFileSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const changed = execFileSync('git', ['status', '--porcelain', '--', 'dist'], { encoding: 'utf8' });
if (changed.trim() !== '') {
  process.stderr.write(
    `dist/ differs from a fresh build; run \`npm run build\` and commit dist/:\n${changed}`,
  );
  process.exit(1);
}
process.stdout.write('dist/ is what `npm run build` produces.\n');
