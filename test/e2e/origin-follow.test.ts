/**
 * The origin check as a person follows it, through the built action: a line at a steady interval while it waits, a
 * mapping mistake named as soon as it shows (a host that answers 404 for every image, an origin that redirects to
 * another host), and the same named beside each image at the end.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { runnerCommands } from '../support/runner-commands.ts';

const emulator = useEmulator();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const BYTES = (name: string): Buffer => Buffer.from(`${name}, the new version\n`);

function workspace(names: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'origin-follow-'));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  mkdirSync(join(dir, 'public', 'images'), { recursive: true });
  for (const name of names) writeFileSync(join(dir, 'public', 'images', name), BYTES(name));
  return dir;
}

async function site(): Promise<OriginSite> {
  const started = await startOriginSite();
  cleanups.push(() => started.close());
  return started;
}

function check(
  urlMap: string,
  names: readonly string[],
  extra: Record<string, string> = {},
): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      files: names.map((name) => `public/images/${name}`).join('\n'),
      'url-map': urlMap,
      'origin-check': 'content',
      ...extra,
    },
    { GITHUB_WORKSPACE: workspace(names) },
  );
}

const lines = (run: ActionRun): string[] => run.stdout.split('\n');
const warnings = (run: ActionRun): string[] =>
  runnerCommands(run.stdout)
    .filter((command) => command.name === 'warning')
    .map((command) => command.line);

describe('an origin that redirects to another host', () => {
  it('is a mapping mistake naming both hosts and the url-map to write: named at once, the image not invalidated, the step failed', async () => {
    const pages = await site(); // the github.io of the story, on 127.0.0.1
    const domain = await site(); // the site's own domain, on localhost
    const domainUrl = domain.url.replace('127.0.0.1', 'localhost');
    domain.deployed = 'new';
    domain.files.new.set('/images/a.png', BYTES('a.png'));
    pages.overrides.set('/images/a.png', (_request, respond) => {
      respond(301, { location: `${domainUrl}/images/a.png` });
    });
    const run = await check(`public/images => ${pages.url}/images`, ['a.png'], { 'origin-timeout': '5' });
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    const told = warnings(run).join('\n');
    expect(told).toContain(`redirects to "${domainUrl}/images/a.png"`);
    expect(told).toContain(`write "public/images => ${domainUrl}/images"`);
    expect(run.stdout).not.toMatch(/recompress/);
    const report = JSON.parse(run.report) as { failures: string[] };
    expect(report.failures.join('\n')).toContain(`write "public/images => ${domainUrl}/images"`);
  }, 40_000);
});

describe('a host that answers 404 for every image', () => {
  it('is named at once with the URL asked and its url-map rule, a line tells the wait every 10 s, and each image names the rule at the end', async () => {
    const origin = await site(); // serves the images under /site/images; url-map leaves /site out
    origin.deployed = 'new';
    for (const name of ['a.png', 'b.png']) origin.files.new.set(`/site/images/${name}`, BYTES(name));
    const run = await check(`public/images => ${origin.url}/images`, ['a.png', 'b.png'], {
      'origin-timeout': '12',
    });
    expect(run.exitCode).toBe(1);
    // The plan line does not promise a number of calls: they go as origins become ready.
    expect(run.stdout).toContain(
      'Invalidate: 2 images mapped from files as their origins serve the new files, in calls of up to 100',
    );
    const all = lines(run);
    const namedAt = all.findIndex((line) => /answered 404.*check url-map/.test(line));
    const progressAt = all.findIndex((line) =>
      /Origin check: 0 of 2 images ready, 2 waiting \(2 answer 404\); [\d.]+ s left\./.test(line),
    );
    const endedAt = all.findIndex((line) => /Origin check: 0 served the new files/.test(line));
    expect(namedAt).toBeGreaterThanOrEqual(0);
    expect(progressAt).toBeGreaterThan(namedAt);
    expect(endedAt).toBeGreaterThan(progressAt);
    expect(all[namedAt]).toContain(`public/images => ${origin.url}/images`);
    const report = JSON.parse(run.report) as { failures: string[] };
    for (const name of ['a.png', 'b.png']) {
      const failure = report.failures.find((line) => line.startsWith(`${origin.url}/images/${name}`));
      expect(failure).toContain(
        `the url-map rule "public/images => ${origin.url}/images" maps it: check url-map`,
      );
    }
  }, 40_000);
});
