/**
 * The warm-up, end to end: the built action invalidates three images against the API emulator, rewrites a built
 * page that names two of them at w:640 and w:1280, and requests each through an image host stand-in (https on
 * 127.0.0.1 with a test CA, which image-host takes as `127.0.0.1:<port>`), as a browser would.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { makeTestCa, type TestCa } from '../support/tls.ts';
import { runAction, WORKFLOW_TOKEN, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();

const A = 'https://www.example.com/a.jpg';
const B = 'https://www.example.com/b.jpg';
const C = 'https://www.example.com/c.jpg';
const ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';

let ca: TestCa;
let dir: string;
let imageHost: OriginSite;
beforeAll(() => {
  ca = makeTestCa(['localhost']);
});
afterAll(() => {
  ca.dispose();
});
afterEach(async () => {
  await imageHost.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A built page naming a and b (not c) at two widths, on the stand-in's host. */
function workspace(host: string): string {
  dir = mkdtempSync(join(tmpdir(), 'warm-'));
  mkdirSync(join(dir, 'build'));
  const img = (origin: string): string =>
    `<img src="https://${host}/w:640/${origin}" srcset="https://${host}/w:1280/${origin} 2x">`;
  writeFileSync(join(dir, 'build', 'index.html'), `${img(A)}\n${img(B)}\n${img(A)}\n`);
  return dir;
}

function deploy(host: string, extra: Record<string, string> = {}): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      assets: [A, B, C].join('\n'),
      token: 'true',
      'image-host': host,
      rewrite: 'build/**/*.html',
      warm: 'true',
      ...extra,
    },
    { GITHUB_WORKSPACE: workspace(host), NODE_EXTRA_CA_CERTS: ca.caFile },
  );
}

describe('warm: true', () => {
  it('requests each variant the rewritten page names, with the new cb: and a browser Accept, and c at its plain URL', async () => {
    imageHost = await startOriginSite(ca.server);
    const host = new URL(imageHost.url).host;
    const run = await deploy(host);
    expect(run.exitCode, run.stdout).toBe(0);
    const report = JSON.parse(run.report) as {
      token: { value?: string };
      warm: { requested: number; statuses: Record<string, number>; failed: number };
    };
    const token = report.token.value ?? '';
    expect(token).not.toBe('');
    expect(imageHost.requests.map((request) => request.path).toSorted()).toEqual(
      [
        `/cb:${token}/w:640/${A}`,
        `/cb:${token}/w:1280/${A}`,
        `/cb:${token}/w:640/${B}`,
        `/cb:${token}/w:1280/${B}`,
        `/cb:${token}/${C}`,
      ].toSorted(),
    );
    for (const { headers } of imageHost.requests) {
      expect(headers.accept).toBe(ACCEPT);
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie).toBeUndefined();
      expect(JSON.stringify(headers)).not.toContain(ROOT_KEY);
      expect(JSON.stringify(headers)).not.toContain(WORKFLOW_TOKEN);
    }
    // The stand-in serves no file: every request is a 404, counted, and warned of once.
    expect(report.warm).toMatchObject({ requested: 5, statuses: { '404': 5 }, failed: 5 });
    expect(run.summary).toContain('### Warm-up');
    expect(run.summary).toContain('Requested 5 image URLs');
  });

  it('an image host that cannot be reached: one warning, and the step succeeds', async () => {
    imageHost = await startOriginSite(ca.server);
    const host = new URL(imageHost.url).host;
    await imageHost.close();
    const run = await deploy(host);
    expect(run.exitCode, run.stdout).toBe(0);
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::warm:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('5 of 5 requests');
    expect(emulator().invalidated.assets.toSorted()).toEqual([A, B, C]);
    const report = JSON.parse(run.report) as { warm: { statuses: Record<string, number> } };
    expect(report.warm.statuses).toEqual({ error: 5 });
  });

  it('a dry run requests nothing, and says what it would request', async () => {
    imageHost = await startOriginSite(ca.server);
    const host = new URL(imageHost.url).host;
    const run = await deploy(host, { 'dry-run': 'true' });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain(`warm: would request 5 image URLs through ${host}.`);
    expect(imageHost.requests).toEqual([]);
    expect(JSON.parse(run.report)).not.toHaveProperty('warm');
  });
});
