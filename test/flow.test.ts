/**
 * The whole flow in-process, through its seams (FlowOptions): a real repository whose push changed two images, the
 * API emulator over 127.0.0.1, a local origin that serves the previous or the new deploy, and an image host
 * stand-in over https. Each decision the plan makes is checked where a stage acts on it: the origin check and the
 * base it compares with, the retry window that grows by the origin wait, the rewrite, the warm-up, the dry run.
 */
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubCi, githubContextFromEnv } from '../src/ci/github.ts';
import type { CiContext } from '../src/ci/context.ts';
import type { Clock } from '../src/mechanics/clock.ts';
import { DEFAULT_POLICY } from '../src/domain/policy.ts';
import { runFlow, type FlowOptions } from '../src/flow.ts';
import type { Report } from '../src/report/report.ts';
import type { RunPlan } from '../src/plan/run-plan.ts';
import { ACTION_INPUTS } from '../src/settings/action-contract.ts';
import { parseSettings, type RawInputs } from '../src/settings/settings.ts';
import { makeRedactor } from '../src/shown/redact.ts';
import { ROOT_KEY } from './support/client.ts';
import { useEmulator } from './support/emulator.ts';
import {
  createOrigin,
  pushPayload,
  writeEvent,
  type GitRepo,
  type Origin,
  type Sha,
} from './support/git-repo.ts';
import { startOriginSite, type OriginSite } from './support/origin-site.ts';
import { makeTestCa, type TestCa } from './support/tls.ts';
import { keptLog } from './support/kept-log.ts';

const emulator = useEmulator();

const OLD = { a: Buffer.from('a, as deployed before'), b: Buffer.from('b, as deployed before') };
const NEW = { a: Buffer.from('a, as this push made it'), b: Buffer.from('b, as this push made it') };

let repo: Origin;
let before: Sha;
let after: Sha;
/** Serves the images under /images, the previous deploy or the new one. */
let site: OriginSite;
/** The image host stand-in, over https with a CA of this run's own. */
let imageHost: OriginSite;
let ca: TestCa;
let host: string;

beforeAll(async () => {
  repo = createOrigin('flow-');
  const { work } = repo;
  work.write('public/images/a.png', OLD.a.toString()).write('public/images/b.png', OLD.b.toString());
  before = work.commit('the previous deploy');
  work.write('public/images/a.png', NEW.a.toString()).write('public/images/b.png', NEW.b.toString());
  after = work.commit('new images');
  work.push();
  site = await startOriginSite();
  for (const name of ['a', 'b'] as const) {
    site.files.previous.set(`/images/${name}.png`, OLD[name]);
    site.files.new.set(`/images/${name}.png`, NEW[name]);
  }
  ca = makeTestCa(['localhost']);
  // The warm-up's requests trust the stand-in as a runner trusts a CA given in NODE_EXTRA_CA_CERTS.
  setDefaultCACertificates([...getCACertificates('default'), readFileSync(ca.caFile, 'utf8')]);
  imageHost = await startOriginSite(ca.server);
  host = new URL(imageHost.url).host;
});

afterAll(async () => {
  setDefaultCACertificates(getCACertificates('bundled'));
  await Promise.all([site.close(), imageHost.close()]);
  ca.dispose();
  repo.dispose();
});

const A = (): string => `${site.url}/images/a.png`;
const B = (): string => `${site.url}/images/b.png`;

interface Run {
  readonly report: Report;
  readonly plan: RunPlan;
  readonly log: string[];
  /** How many times the flow asked for the CI's context. */
  readonly ciAsked: number;
  readonly workspace: GitRepo;
}

/**
 * The push's run in a fresh clone of the pushed repository, with the action's defaults but for `inputs`; the CI is
 * GitHub Actions, its event read from a file as the runner writes it.
 */
async function run(
  inputs: Record<string, string>,
  seams: Partial<Pick<FlowOptions, 'clock' | 'signal'>> = {},
  workspace: GitRepo = repo.clone(),
): Promise<Run> {
  const settings = parseSettings({
    ...(Object.fromEntries(
      Object.entries(ACTION_INPUTS).map(([name, input]) => [name, input.default]),
    ) as RawInputs),
    'api-key': ROOT_KEY,
    'base-url': emulator().url,
    'service-key': 'svc',
    'github-token': '',
    'url-map': `public/images => ${site.url}/images`,
    ...inputs,
  });
  const event = writeEvent(repo.root, pushPayload(before, after), `event-${after}.json`);
  const env = {
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: event,
    GITHUB_SHA: after,
    GITHUB_WORKSPACE: workspace.dir,
  };
  let ciAsked = 0;
  let plan: RunPlan | undefined;
  const lines: string[] = [];
  const report = await runFlow(settings, {
    log: keptLog(lines),
    redact: makeRedactor([ROOT_KEY]),
    ci: (): CiContext => {
      ciAsked++;
      return githubCi(githubContextFromEnv('', env));
    },
    onPlan: (planned) => {
      // Told before anything is sent.
      expect(emulator().requests).toEqual([]);
      plan = planned;
    },
    ...seams,
  });
  if (plan === undefined) throw new Error('the flow never told its plan');
  return { report, plan, log: lines, ciAsked, workspace };
}

/** Time that passes only when the run sleeps: a wait of minutes takes no time at all. */
function virtualClock(): Clock {
  let now = 0;
  return {
    now: () => now,
    random: () => 0.5,
    sleep: (ms) => {
      now += ms;
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}

/** Runs `during` while the origin serves these bytes, as though a deploy were half done. */
async function serving<T>(bytes: { a: Buffer; b: Buffer }, during: () => Promise<T>): Promise<T> {
  site.deployed = 'previous';
  site.files.previous.set('/images/a.png', bytes.a).set('/images/b.png', bytes.b);
  try {
    return await during();
  } finally {
    site.files.previous.set('/images/a.png', OLD.a).set('/images/b.png', OLD.b);
  }
}

const sorted = (items: readonly string[]): string[] => items.toSorted();

describe('the flow: changes, plan, execute', () => {
  it("invalidates the images the push changed, found by git in the workspace, reading the CI's context once", async () => {
    const { report, ciAsked } = await run({ 'origin-check': 'off', token: 'true' });
    expect(sorted(emulator().invalidated.assets)).toEqual([A(), B()]);
    expect(report.ran.invalidate.plan.files?.source).toBe(
      `git diff ${before.slice(0, 7)} ${after.slice(0, 7)} (push)`,
    );
    expect(report.outcome.token).toBe(emulator().tokens[0]);
    expect(emulator().requests.at(-1)?.route).toBe('token');
    expect(ciAsked).toBe(1);
  });

  it('a dry run sends nothing, asks no origin, writes no file, and says what it would do', async () => {
    site.requests.length = 0;
    const workspace = repo.clone();
    const page = join(workspace.dir, 'build', 'index.html');
    mkdirSync(join(workspace.dir, 'build'));
    writeFileSync(page, `<img src="https://${host}/${A()}">`);
    const { report, log } = await run(
      { 'dry-run': 'true', token: 'true', 'image-host': host, rewrite: 'build/*.html', warm: 'true' },
      {},
      workspace,
    );
    expect(emulator().requests).toEqual([]);
    expect(site.requests).toEqual([]);
    expect(readFileSync(page, 'utf8')).toBe(`<img src="https://${host}/${A()}">`);
    expect(report.outcome.dryRun).toBe(true);
    expect(log.some((line) => line.startsWith('Origin check: would wait'))).toBe(true);
    expect(log.some((line) => line.startsWith('warm: would request'))).toBe(true);
  });
});

describe('the flow: the origin check the plan decides on', () => {
  it('holds the changed images until their origin serves the new files, then invalidates them', async () => {
    site.deployed = 'new';
    const { report } = await run({ 'origin-check': 'content', 'origin-timeout': '30' });
    expect(sorted(emulator().invalidated.assets)).toEqual([A(), B()]);
    expect(report.ran.invalidate.origin?.checks.map((check) => check.state)).toEqual(['ready', 'ready']);
  });

  it("compares with the files of the push's base: an origin still serving them is not ready, and nothing is sent", async () => {
    site.deployed = 'previous';
    const { report } = await run({ 'origin-check': 'content', 'origin-timeout': '0' });
    expect(report.ran.invalidate.origin?.checks.map((check) => check.state)).toEqual([
      'not-ready',
      'not-ready',
    ]);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(report.outcome.counts.notReady).toBe(2);
  });

  it('with origin-check off, asks no origin and invalidates at once, whatever the origin serves', async () => {
    site.deployed = 'previous';
    site.requests.length = 0;
    const { report } = await run({ 'origin-check': 'off' });
    expect(site.requests).toEqual([]);
    expect(report.ran.invalidate.origin).toBeUndefined();
    expect(sorted(emulator().invalidated.assets)).toEqual([A(), B()]);
  });

  it('a refused key ends the wait for origins at once: the image still held is not sent', async () => {
    // a's origin serves the new file, so a is sent, and refused; b's still serves the old one, for up to 600 s.
    const { report } = await serving({ a: NEW.a, b: OLD.b }, () =>
      run({
        'api-key': 'a-key-the-service-does-not-know',
        'origin-check': 'content',
        'origin-timeout': '600',
      }),
    );
    expect(report.outcome.keyRefused).toBe(true);
    expect(
      [...(report.ran.invalidate.result?.assets ?? [])].find((asset) => asset.ref === B())?.outcome,
    ).toBe('not-sent');
  });
});

describe('the flow: the retry window, which the wait for origins extends', () => {
  // A 503 whose Retry-After (400 s) is past the default window (300 s), on a run that waits up to 600 s for origins.
  const slowDown = { status: 503, retryAfter: '400' };

  it('waits out a Retry-After inside the window grown by the origin wait, and the retry is confirmed', async () => {
    site.deployed = 'new';
    emulator().inject('invalidate/assets', slowDown);
    const { report, plan } = await run(
      { 'origin-check': 'content', 'origin-timeout': '600' },
      { clock: virtualClock() },
    );
    expect(plan.calls.policy.retryWindowMs).toBe(DEFAULT_POLICY.retryWindowMs + 600_000);
    expect(report.outcome.failures).toEqual([]);
    expect(sorted(emulator().invalidated.assets)).toEqual([A(), B()]);
  });

  it('without the origin check, the window is the default: the same Retry-After is not waited for', async () => {
    emulator().inject('invalidate/assets', slowDown);
    const { report, plan } = await run({ 'origin-check': 'off' }, { clock: virtualClock() });
    expect(plan.calls.policy.retryWindowMs).toBeUndefined();
    expect(report.outcome.failures).toHaveLength(1);
    expect(emulator().invalidated.assets).toEqual([]);
  });
});

describe('the flow: rewrite and warm-up, each reading its slice and the results before it', () => {
  it('rewrites the built page with the new token, then warms each URL the rewrite wrote', async () => {
    site.deployed = 'new';
    imageHost.requests.length = 0;
    const workspace = repo.clone();
    mkdirSync(join(workspace.dir, 'build'));
    const page = join(workspace.dir, 'build', 'index.html');
    writeFileSync(page, `<img src="https://${host}/w:640/${A()}">`);
    const { report, ciAsked } = await run(
      { 'origin-check': 'content', token: 'true', 'image-host': host, rewrite: 'build/*.html', warm: 'true' },
      {},
      workspace,
    );
    // Detection, the rewrite's check, the origin check and the rewrite all work in the workspace it names.
    expect(ciAsked).toBe(1);
    const token = report.outcome.token ?? '';
    expect(token).not.toBe('');
    expect(readFileSync(page, 'utf8')).toBe(`<img src="https://${host}/cb:${token}/w:640/${A()}">`);
    expect(report.ran.rewrite.state === 'rewritten' && report.ran.rewrite.result.urls).toBe(1);
    // a at the variant the page names; b, named by no page, at its plain URL.
    expect(sorted(imageHost.requests.map((request) => request.path))).toEqual(
      sorted([`/cb:${token}/w:640/${A()}`, `/cb:${token}/${B()}`]),
    );
    expect(report.ran.warm?.requested).toBe(2);
    rmSync(workspace.dir, { recursive: true, force: true });
  });

  it('proves after the warm-up, asking for each URL the rewrite wrote, and fails the run on what the host answered', async () => {
    site.deployed = 'new';
    imageHost.requests.length = 0;
    const workspace = repo.clone();
    mkdirSync(join(workspace.dir, 'build'));
    writeFileSync(join(workspace.dir, 'build', 'index.html'), `<img src="https://${host}/w:640/${A()}">`);
    const { report } = await run(
      { token: 'true', 'image-host': host, rewrite: 'build/*.html', warm: 'true', verify: 'true' },
      {},
      workspace,
    );
    const token = report.outcome.token ?? '';
    const urls = [`/cb:${token}/w:640/${A()}`, `/cb:${token}/${B()}`];
    // The warm-up's requests first, then the proof's, each URL once in each.
    const paths = imageHost.requests.map((request) => request.path);
    expect(sorted(paths.slice(0, 2))).toEqual(sorted(urls));
    expect(sorted(paths.slice(2))).toEqual(sorted(urls));
    // This stand-in serves no image: each is an error page, a failure of the run that names it.
    expect(report.ran.proof?.images.map((image) => image.variants.map((variant) => variant.state))).toEqual([
      ['failed'],
      ['failed'],
    ]);
    expect(
      report.outcome.failures.filter((failure) => failure.includes('showed an error page')),
    ).toHaveLength(2);
    rmSync(workspace.dir, { recursive: true, force: true });
  });

  it('does not warm an image whose origin could not be seen serving the new version', async () => {
    imageHost.requests.length = 0;
    // b's origin serves bytes that are neither version (it recompresses): b is invalidated, but its new version
    // was never seen there, so warming could cache the old one.
    const { report } = await serving({ a: NEW.a, b: Buffer.from('b, recompressed') }, () =>
      run({ 'origin-check': 'content', token: 'true', 'image-host': host, warm: 'true' }),
    );
    expect(report.ran.invalidate.origin?.checks.map((check) => [check.ref, check.state])).toEqual([
      [A(), 'ready'],
      [B(), 'cannot-tell'],
    ]);
    expect(sorted(emulator().invalidated.assets)).toEqual([A(), B()]);
    expect(imageHost.requests.map((request) => request.path)).toEqual([
      `/cb:${report.outcome.token ?? ''}/${A()}`,
    ]);
  });
});
