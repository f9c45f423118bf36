/**
 * A run that skipped changed images it was asked to map (no url-map rule maps them: a wrong left side) says so
 * prominently, as a warning in the log and in the job summary, through the built action.
 */
import { describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { runAction } from '../support/runner.ts';
import { markdownText } from '../../src/shown/shown.ts';

const emulator = useEmulator();

describe('changed images that no url-map rule maps', () => {
  it('are a warning in the log and the summary, counted and named', async () => {
    const run = await runAction({
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      files: 'public/img/a.png\npublic/img/b.png\npublic/images/c.png',
      'url-map': 'public/images => https://www.example.com/images',
    });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/images/c.png']);
    const sentence =
      '2 changed images were skipped: no url-map rule maps them ("public/img/a.png", "public/img/b.png").';
    expect(run.stdout).toContain(`::warning::${sentence}`);
    expect(run.summary).toContain(`> [!WARNING]\n> ${markdownText(sentence)}`);
  });
});
