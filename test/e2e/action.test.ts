/** The built dist/index.js, spawned as the runner spawns it, against the emulator(). */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useEmulator } from '../support/emulator.ts';
import { ROOT_KEY, SUB_KEY } from '../support/client.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { markdownRef } from '../../src/shown/shown.ts';

const emulator = useEmulator();

function action(inputs: Record<string, string>, key = ROOT_KEY): Promise<ActionRun> {
  return runAction({ 'api-key': key, 'base-url': emulator().url, 'service-key': 'svc', ...inputs });
}

const urls = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `https://www.example.com/img/${i}.png`);

interface ActionYaml {
  outputs: Record<string, unknown>;
}

interface ReportJson {
  ok: boolean;
  dryRun: boolean;
  counts: { requests: number; invalidated: number };
  assets: { ref: string; outcome: string; call?: number; error?: string }[];
  calls: { route: string; attempts: { status?: number }[] }[];
  planned?: { route: string; assetCount?: number }[];
  error?: string;
}

describe('the action, spawned as the runner spawns it', () => {
  it('invalidates 250 assets in 3 calls and outputs what was confirmed', async () => {
    const run = await action({ assets: urls(250).join('\n') });
    expect(run.exitCode).toBe(0);
    expect(emulator().requests.map((request) => request.route)).toEqual(Array(3).fill('invalidate/assets'));
    expect(JSON.parse(run.outputs.invalidated ?? '')).toEqual(urls(250));
    expect(run.outputs.failed).toBe('[]');
    expect(run.outputs.requests).toBe('3');
  });

  it("a green run's log lists the invalidated URLs: the first 50, then how many more and where each is", async () => {
    const run = await action({ assets: urls(60).join('\n') });
    expect(run.exitCode).toBe(0);
    const listed = urls(50).map((url) => `  ${url}`);
    expect(run.stdout).toContain(
      ['Invalidated 60 assets:', ...listed, '  … and 10 more: invalidated-file lists each one.'].join('\n'),
    );
    expect(run.stdout).not.toContain(urls(51)[50]);
  });

  it('an output names no list file that could not be written whole: empty, with a warning naming the file', async () => {
    // 1,000 references are too many for the output, and their file (about 40 KiB) is past the limit.
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        assets: urls(1_000).join('\n'),
      },
      {},
      undefined,
      24,
    );
    expect(emulator().invalidated.assets).toHaveLength(1_000);
    expect(run.outputs['invalidated-file']).toBe('');
    expect(run.outputs.invalidated).toBe('');
    expect(run.stdout).toMatch(
      /^::warning::invalidated: left empty: 1,000 references are too many for an output, and invalidated-file, which would list them, could not be written \(\S+-invalidated\.json: EFBIG/m,
    );
  });

  it('requests a token and outputs it with its cache buster', async () => {
    const run = await action({ scope: 'none', token: 'true' });
    const [token] = emulator().tokens;
    expect(run.outputs.token).toBe(token);
    expect(run.outputs['cache-buster']).toBe(`cb:${token ?? ''}`);
    expect(run.summary).toContain(token);
  });

  it('invalidates a domain given as a URL by its lower-cased host', async () => {
    const run = await action({ scope: 'domain', domain: 'https://WWW.Example.com/' });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.domains).toEqual(['www.example.com']);
  });

  it('writes a JSON report with every asset and every call with its attempts', async () => {
    emulator().inject('invalidate/assets', { status: 503, retryAfter: '0' });
    const run = await action({ assets: urls(150).join('\n'), concurrency: '1' });
    const report = JSON.parse(run.report) as ReportJson;
    expect(report.ok).toBe(true);
    expect(report.assets).toHaveLength(150);
    expect(report.assets.every((asset) => asset.outcome === 'invalidated')).toBe(true);
    expect(report.calls[0]?.attempts.map((attempt) => attempt.status)).toEqual([503, 200]);
    expect(run.outputs['report-path']).toMatch(/image-cache-invalidate-.*\.json$/);
  });

  it('fails the step when a batch is not confirmed, after trying the others, and says which failed', async () => {
    emulator().inject('invalidate/assets', {
      body: JSON.stringify({ success: false, message: 'Bad batch' }),
    });
    const run = await action({ assets: urls(250).join('\n'), concurrency: '1' });
    expect(run.exitCode).toBe(1);
    expect(emulator().requests).toHaveLength(3);
    expect(JSON.parse(run.outputs.failed ?? '')).toEqual(urls(100));
    expect(JSON.parse(run.outputs.invalidated ?? '')).toHaveLength(150);
    expect(run.stdout).toContain(
      '::error::Call 1 (invalidate 100 assets) failed: HTTP 200 with "success": false: Bad batch',
    );
    expect(run.summary).toContain('Bad batch');
  });

  it('a refused key is sent once, fails the step, and explains what to check', async () => {
    const run = await action({ assets: urls(500).join('\n'), concurrency: '1' }, SUB_KEY);
    expect(run.exitCode).toBe(1);
    expect(emulator().requests).toHaveLength(1);
    expect(run.stdout).toContain('a Root API key, since a Sub key cannot invalidate');
    expect(JSON.parse(run.outputs.failed ?? '')).toHaveLength(500);
  });

  it('a dry run sends nothing and reports the calls it would send', async () => {
    const run = await action({ assets: urls(201).join('\n'), token: 'true', 'dry-run': 'true' });
    expect(run.exitCode).toBe(0);
    expect(emulator().requests).toHaveLength(0);
    const report = JSON.parse(run.report) as ReportJson;
    expect(report.planned?.map((call) => call.assetCount ?? call.route)).toEqual([100, 100, 1, 'token']);
    expect(run.summary).toContain('dry run: nothing was sent');
    expect(run.outputs.requests).toBe('0');
  });
});

describe('asset URLs as the service will see them', () => {
  it('sends URLs in canonical form, once, and the summary counts what was merged', async () => {
    const run = await action({
      assets: [
        'https://WWW.Example.COM/a.jpg',
        'https://www.example.com:443/a.jpg',
        'https://www.example.com/./a.jpg',
        'HTTPS://www.example.com/a.jpg#hero',
        'https://www.example.com/b.jpg',
      ].join('\n'),
    });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([
      'https://www.example.com/a.jpg',
      'https://www.example.com/b.jpg',
    ]);
    expect(run.summary).toContain('3 entries were the same asset as another (once in canonical form');
    expect((JSON.parse(run.report) as { merged?: number }).merged).toBe(3);
  });

  it('finds the entries a refused batch holds by halving it: the others land, each refused one is named', async () => {
    const bad = ['https://other.example/x.png', 'https://other.example/y.png'];
    const assets = urls(250);
    assets.splice(37, 0, bad[0] ?? '');
    assets.splice(180, 0, bad[1] ?? '');
    emulator().setOptions({ foreignHosts: ['other.example'] });
    try {
      const run = await action({ assets: assets.join('\n'), concurrency: '2' });
      expect(run.exitCode).toBe(1);
      expect([...emulator().invalidated.assets].sort()).toEqual(urls(250).sort());
      const report = JSON.parse(run.report) as ReportJson;
      const failed = report.assets.filter((asset) => asset.outcome === 'failed');
      expect(failed.map((asset) => asset.ref)).toEqual(bad);
      for (const asset of failed) expect(asset.error).toContain('is not on a domain of this account');
      // Each bad entry found within 2·⌈log2 100⌉ = 14 extra calls, beside the 3 batches.
      expect(emulator().requests.length).toBeLessThanOrEqual(3 + 2 * 14);
      expect(JSON.parse(run.outputs.failed ?? '')).toEqual(bad);
      expect(run.stdout).toMatch(
        /^Call \d+ \(invalidate 100 assets\): HTTP 400 .*is not on a domain of this account.*; sending it in halves\.$/m,
      );
      for (const url of bad)
        expect(run.stdout).toMatch(
          new RegExp(
            `::error::Call \\d+ \\(invalidate 1 asset: ${url.replaceAll('.', '\\.')}\\) failed: HTTP 400`,
          ),
        );
    } finally {
      emulator().setOptions({ foreignHosts: [] });
    }
  });
});

describe('a dry run anyone can read, with no secret', () => {
  const assets = urls(150);
  let run: ActionRun;
  let requests: number;
  beforeAll(async () => {
    // As on a pull request from a fork: the secret arrives empty.
    const before = emulator().requests.length;
    run = await action({ assets: assets.join('\n'), 'dry-run': 'true' }, '');
    requests = emulator().requests.length - before;
  });

  it('needs no api-key, sends nothing, and succeeds', () => {
    expect(run.exitCode).toBe(0);
    expect(requests).toBe(0);
    expect(run.stdout).toContain(
      'Dry run: nothing will be sent, so the API key is not checked (none was given).',
    );
  });

  it('lists every asset call by call in a log group', () => {
    const group = run.stdout.slice(run.stdout.indexOf('::group::Would send 2 calls'));
    const lines = group.slice(0, group.indexOf('::endgroup::')).trim().split('\n').slice(1);
    expect(lines).toEqual([
      'Call 1 (invalidate 100 assets):',
      ...assets.slice(0, 100).map((url) => `  ${url}`),
      'Call 2 (invalidate 50 assets):',
      ...assets.slice(100).map((url) => `  ${url}`),
    ]);
  });

  it('lists every asset call by call in the job summary, folded, and says the key was not checked', () => {
    expect(run.summary).toContain('Nothing was sent, so the API key was not checked (none was given');
    const blocks = [...run.summary.matchAll(/<details><summary>(.*?)<\/summary>\n\n([^]*?)\n\n<\/details>/g)];
    expect(blocks.map((block) => block[1])).toEqual(['Call 1: 100 assets', 'Call 2: 50 assets']);
    const listed = blocks.flatMap((block) => (block[2] ?? '').split('\n').map((line) => line.slice(2)));
    expect(listed).toEqual(assets.map(markdownRef));
  });

  it('gives each asset in the report with the call that would carry it', () => {
    const report = JSON.parse(run.report) as ReportJson;
    expect(report.assets).toEqual(
      assets.map((ref, i) => ({ ref, outcome: 'planned', call: i < 100 ? 1 : 2 })),
    );
  });
});

describe('a summary with pictures', () => {
  it('shows a thumbnail of each invalidated image through the service, up to 24, the rest counted; hashes as text', async () => {
    const hash = '5d41402abc4b2a76b9719d911017c592';
    const run = await action({ assets: [...urls(30), hash].join('\n'), 'image-host': 'img.example.net' });
    expect(run.exitCode).toBe(0);
    const thumbnails = [...run.summary.matchAll(/^\| <img src="([^"]+)" width="160" alt=""> \| (.+) \|$/gm)];
    expect(thumbnails.map((row) => row[1])).toEqual(
      urls(24).map((url) => `https://img.example.net/w:160/${url}`),
    );
    expect(thumbnails.map((row) => row[2])).toEqual(urls(24).map(markdownRef));
    expect(run.summary).toContain('| | … and 6 more |');
    expect(run.summary).toContain(`By asset hash, with no URL to show:\n\n- ${hash}`);
  });
});

describe('bad input', () => {
  it('is refused before anything is sent, naming every bad input, its value and what is allowed', async () => {
    const run = await action({ scope: 'everything', concurrency: '64', 'dry-run': 'yes' });
    expect(run.exitCode).toBe(1);
    expect(emulator().requests).toHaveLength(0);
    expect(run.stdout).toContain('scope: "everything" is not one of assets, domain, all, none.');
    expect(run.stdout).toContain('concurrency: "64" is not allowed; use a whole number from 1 to 32.');
    expect(run.stdout).toContain('dry-run: "yes" is not a boolean; use true or false.');
    expect(run.stdout).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('still sets the outputs and writes a report saying why', async () => {
    const run = await action({ assets: 'not-an-asset' });
    expect(run.outputs).toMatchObject({ requests: '0', invalidated: '[]', failed: '[]', token: '' });
    expect((JSON.parse(run.report) as ReportJson).error).toContain('"not-an-asset"');
    expect(run.summary).toContain('Nothing was sent');
  });

  it('refuses plain http to a host that is not loopback, so the key never travels unencrypted', async () => {
    const run = await action({ 'base-url': 'http://dashboard.example.com' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('uses plain http');
  });
});

describe('the outputs', () => {
  const declared = Object.keys((parse(readFileSync('action.yml', 'utf8')) as ActionYaml).outputs).sort();

  it('are every output action.yml declares, after a run that sent its calls', async () => {
    const run = await action({ assets: urls(2).join('\n') });
    expect(run.exitCode).toBe(0);
    expect(Object.keys(run.outputs).sort()).toEqual(declared);
  });

  it('are every output action.yml declares, after a run refused for bad input', async () => {
    const run = await action({ scope: 'everything' });
    expect(run.exitCode).toBe(1);
    expect(Object.keys(run.outputs).sort()).toEqual(declared);
  });
});
