/**
 * Every wait of the built action bounded and cancellable (README "Limits and timeouts"): each case spawns
 * dist/index.js as the runner does, against the API emulator and local servers that answer late, never, or forever.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttp, type Server as HttpServer } from 'node:http';
import { createServer as createTcp, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { GitRepo, pullRequestPayload, pushPayload, writeEvent } from '../support/git-repo.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** A workspace holding public/images/<name> for each name. */
function workspace(names: readonly string[]): string {
  const dir = tempDir('waits-ws-');
  mkdirSync(join(dir, 'public', 'images'), { recursive: true });
  for (const name of names) writeFileSync(join(dir, 'public', 'images', name), `${name}, the new version\n`);
  return dir;
}

/** A TCP server that accepts connections and never says a word: a host that is up but dead. */
async function silentHost(): Promise<{ port: number; connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: TcpServer = createTcp((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  );
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

/** A local stand-in for api.github.com that answers each request with `answer` (or never, when it returns). */
async function githubApi(
  answer: (
    url: URL,
    respond: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) => void,
): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const api = { url: '', requests };
  const server: HttpServer = createHttp((request, response) => {
    requests.push(request.url ?? '');
    answer(new URL(request.url ?? '/', api.url), (status, body, headers = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  );
  return api;
}

/** Resolves once `condition` holds, checked as time passes; or once the process has exited. */
function until(child: ChildProcess, condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(check, 20);
    child.once('exit', done);
    function check(): void {
      if (condition()) done();
    }
    function done(): void {
      clearInterval(timer);
      resolve();
    }
  });
}

/**
 * Cancels as GitHub's runner does (actions/runner ProcessInvoker): SIGINT, SIGTERM 7.5 s later, SIGKILL 2.5 s after
 * that. What the step published by then is all a later step can read.
 */
function cancelAsTheRunner(child: ChildProcess): void {
  child.kill('SIGINT');
  const term = setTimeout(() => child.kill('SIGTERM'), 7_500);
  const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
  child.once('exit', () => {
    clearTimeout(term);
    clearTimeout(kill);
  });
}

/** Kills a run that is still going after `ms`: a hang fails the test on what it published, not on its timeout. */
function killAfter(ms: number): (child: ChildProcess) => void {
  return (child) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(timer);
    });
  };
}

interface ReportJson {
  cancelled?: boolean;
  failures: string[];
}

describe('a cancel heard by every wait', () => {
  it('on SIGINT while the origin check waits on a silent origin, publishes the outputs, the report and a summary saying it was cancelled', async () => {
    const site: OriginSite = await startOriginSite();
    cleanups.push(() => site.close());
    let asked = 0;
    site.overrides.set('/images/a.png', () => {
      asked++; // and never answers
    });
    let stdout = '';
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        files: 'public/images/a.png',
        'url-map': `public/images => ${site.url}/images`,
        'origin-check': 'content',
        'origin-timeout': '300',
        'timeout-seconds': '60',
      },
      { GITHUB_WORKSPACE: workspace(['a.png']) },
      (child) => {
        child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        void until(child, () => asked > 0 && stdout.includes('Origin check:')).then(() => {
          cancelAsTheRunner(child);
        });
      },
    );
    expect(run.outputs['report-path']).toBeTruthy();
    const report = JSON.parse(run.report) as ReportJson;
    expect(report.cancelled).toBe(true);
    expect(run.summary).toContain('cancelled');
    expect(run.outputs['invalidated-count']).toBe('0');
    expect(emulator().invalidated.assets).toEqual([]);
  }, 30_000);
});

/** The images the origin-check cases hold: `count` of them, public/images/0.png and on. */
function manyImages(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${index}.png`);
}

function originCheck(
  host: string,
  names: readonly string[],
  extra: Record<string, string>,
): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      files: names.map((name) => `public/images/${name}`).join('\n'),
      'url-map': `public/images => ${host}/images`,
      'origin-check': 'content',
      ...extra,
    },
    { GITHUB_WORKSPACE: workspace(names) },
    killAfter(60_000),
  );
}

/** An origin that sends its headers, then one byte a second of a body it says is long, and never ends it. */
async function trickleHost(): Promise<{ url: string }> {
  const server: HttpServer = createHttp((request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': '2000' });
    const timer = setInterval(() => response.write('x'), 1_000);
    request.socket.on('close', () => {
      clearInterval(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('every wait of the origin check inside origin-timeout', () => {
  it('40 images on a host that accepts and never answers: the check ends within origin-timeout plus one timeout-seconds, the host named once, nothing sent', async () => {
    const host = await silentHost();
    const started = performance.now();
    const run = await originCheck(`http://127.0.0.1:${host.port}`, manyImages(40), {
      'origin-timeout': '3',
      'timeout-seconds': '5',
    });
    const wallMs = performance.now() - started;
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    // 3 s + 5 s, and the start and the end of the process on a loaded machine; 25.5 s when first asks went in waves.
    expect(Number(run.outputs['origin-waited-seconds'])).toBeLessThanOrEqual(3 + 5 + 0.5);
    expect(wallMs).toBeLessThan(12_000);
    const named = run.stdout.split('\n').filter((line) => line.includes('did not answer within 5 s'));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain(`127.0.0.1:${host.port}`);
  }, 60_000);

  it('12 images on a host that sends one byte a second and never ends its answer: within origin-timeout plus one timeout-seconds, nothing sent', async () => {
    const host = await trickleHost();
    const started = performance.now();
    const run = await originCheck(host.url, manyImages(12), {
      'origin-timeout': '2',
      'timeout-seconds': '3',
    });
    const wallMs = performance.now() - started;
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(Number(run.outputs['origin-waited-seconds'])).toBeLessThanOrEqual(2 + 3 + 0.5);
    expect(wallMs).toBeLessThan(9_000);
  }, 60_000);
});

describe('origin-timeout: 0', () => {
  it('asks each image at most once and waits no longer than one timeout-seconds, on a host that never answers', async () => {
    const host = await silentHost();
    const run = await originCheck(`http://127.0.0.1:${host.port}`, manyImages(20), {
      'origin-timeout': '0',
      'timeout-seconds': '3',
    });
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(Number(run.outputs['origin-waited-seconds'])).toBeLessThanOrEqual(3 + 0.5);
    const report = JSON.parse(run.report) as { assets: { originAsks?: number }[] };
    expect(report.assets).toHaveLength(20);
    for (const asset of report.assets) expect(asset.originAsks ?? 0).toBeLessThanOrEqual(1);
    // What each one was: asked and kept waiting, or never asked; not "still served" an error's text.
    const failures = (JSON.parse(run.report) as { failures: string[] }).failures;
    expect(failures).toHaveLength(20);
    for (const failure of failures)
      expect(failure).toMatch(
        /not invalidated: (its origin did not answer \(no (whole )?answer (within 3 s|before origin-timeout ended)\) in [\d.]+ s \(1 ask\)|not asked: origin-timeout \(0 s\) ended before its turn)/,
      );
    expect(failures.join('\n')).not.toContain('still served');
  }, 60_000);
});

describe('a cancel heard by git', () => {
  it('on SIGINT while git fetches the base commit from a remote that never answers, publishes the outputs and the report', async () => {
    const remote = await silentHost();
    const dir = tempDir('waits-git-');
    const repo = new GitRepo(dir);
    repo.git('init', '--quiet', '--initial-branch=main');
    repo.write('public/images/a.png');
    repo.git('add', '-A');
    repo.git('commit', '--quiet', '-m', 'a');
    const head = repo.git('rev-parse', 'HEAD').trim();
    // The base is not in the checkout: git fetches it from origin, a host that accepts and never answers.
    repo.git('remote', 'add', 'origin', `http://127.0.0.1:${remote.port}/site.git`);
    const base = '3'.repeat(40);
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'url-map': 'public/images => https://www.example.com/images',
      },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: writeEvent(tempDir('waits-event-'), pushPayload(base, head)),
        GITHUB_WORKSPACE: dir,
        GITHUB_SHA: head,
      },
      (child) => {
        void until(child, () => remote.connections() > 0).then(() => {
          cancelAsTheRunner(child);
        });
      },
    );
    expect(remote.connections()).toBeGreaterThan(0);
    expect(run.outputs['report-path']).toBeTruthy();
    expect(run.report).not.toBe('');
  }, 30_000);
});

describe('a service that never completes a TLS handshake', () => {
  it('costs each call its timeout-seconds once, not one per connection made before it', async () => {
    const service = await silentHost();
    const assets = Array.from({ length: 250 }, (_, i) => `https://www.example.com/img/${i}.png`);
    // The 3 calls go out together: their connections, made one after the other, would take 3 × 3 s and more.
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': `https://127.0.0.1:${service.port}`,
        'service-key': 'svc',
        assets: assets.join('\n'),
        'max-retries': '0',
        'timeout-seconds': '3',
      },
      {},
      killAfter(9_000),
    );
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.report) as { calls: { error?: { message: string } }[] };
    expect(report.calls).toHaveLength(3);
    for (const call of report.calls) expect(call.error?.message).toContain('within 3 s (timeout-seconds)');
  }, 30_000);
});

describe('a base-url host that does not exist', () => {
  it("is settled by one call's retries: the calls in flight wait for them, and the run stops", async () => {
    const assets = Array.from({ length: 250 }, (_, i) => `https://www.example.com/img/${i}.png`);
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': 'https://no-such-host.invalid',
        'service-key': 'svc',
        assets: assets.join('\n'),
        token: 'true',
        'max-retries': '2',
      },
      {},
      killAfter(20_000),
    );
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.report) as { calls: { attempts: unknown[] }[] };
    // The 3 batches go out together (concurrency 4); then only one of them asks again, twice; the token never goes.
    const lookups = report.calls.reduce((sum, call) => sum + call.attempts.length, 0);
    expect(lookups).toBe(3 + 2);
    expect(run.stdout).toContain('the service could not be reached at base-url');
  }, 30_000);
});

describe('the warm-up against a dead image host', () => {
  it('stops after one wave of requests that get no answer, says so, and the step stays green', async () => {
    const host = await silentHost();
    const assets = Array.from({ length: 30 }, (_, i) => `https://www.example.com/img/${i}.png`);
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        assets: assets.join('\n'),
        'image-host': `127.0.0.1:${host.port}`,
        warm: 'true',
        // The image host takes TLS connections one after the other: a wave of 8 that each waited out its own timeout
        // would take 8 × 3 s, past the kill below.
        'timeout-seconds': '3',
      },
      {},
      killAfter(20_000),
    );
    expect(run.exitCode).toBe(0);
    // One wave of 8: the host is dead after it, and the other 22 requests are not made.
    expect(host.connections()).toBeLessThanOrEqual(8);
    expect(run.stdout).toMatch(
      /warm: stopped: 127\.0\.0\.1:\d+ answered none of 8 requests in a row; 22 image URLs not requested/,
    );
  }, 40_000);
});

describe('the event file the environment names', () => {
  it('a GITHUB_EVENT_PATH that is a FIFO is refused at once, naming it, instead of blocking the action deaf to signals', async () => {
    const dir = tempDir('waits-fifo-');
    const fifo = join(dir, 'event.json');
    execFileSync('mkfifo', [fifo]);
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'url-map': 'public/images => https://www.example.com/images',
      },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: fifo,
        GITHUB_WORKSPACE: workspace(['a.png']),
      },
      killAfter(20_000),
    );
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/GITHUB_EVENT_PATH.*FIFO/);
    expect(run.outputs['report-path']).toBeTruthy();
  }, 30_000);
});

describe('the GitHub API', () => {
  const BASE = '1111111111111111111111111111111111111111';
  const HEAD = '2222222222222222222222222222222222222222';

  async function detectThroughApi(apiUrl: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
    const dir = tempDir('waits-api-');
    return runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'url-map': 'public/images => https://www.example.com/images',
        'github-token': 'ghp_WaitsTokenForTests0123456789abcdefgh',
        ...inputs,
      },
      {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: writeEvent(dir, pullRequestPayload(BASE, HEAD, 7)),
        // Not a checkout: git cannot tell, so the files come from the API.
        GITHUB_WORKSPACE: dir,
        GITHUB_SHA: HEAD,
        GITHUB_REPOSITORY: 'octo-org/octo-repo',
        GITHUB_API_URL: apiUrl,
      },
      killAfter(25_000),
    );
  }

  it('that never answers is given up on after timeout-seconds, and the step fails naming the GitHub API', async () => {
    const api = await githubApi(() => undefined);
    const run = await detectThroughApi(api.url, { 'timeout-seconds': '2' });
    expect(api.requests.length).toBeGreaterThan(0);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/GitHub API.*(timed out|did not answer)/i);
  }, 40_000);

  it('whose next link never ends is followed for at most the pages that hold the files GitHub lists, then said to be cut', async () => {
    const api = await githubApi((url, respond) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const files = Array.from({ length: 100 }, (_, i) => ({
        filename: `public/images/p${page}-${i}.png`,
        status: 'modified',
      }));
      const next = new URL(url);
      next.searchParams.set('page', String(page + 1));
      respond(200, files, { link: `<${next.href}>; rel="next"` });
    });
    const run = await detectThroughApi(api.url, { 'dry-run': 'true' });
    expect(api.requests.length).toBeLessThanOrEqual(30);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/at most 3,000 files/);
  }, 40_000);
});
