/**
 * One benchmark case, in a process of its own so that its peak memory is its own: `node scripts/bench/case.ts
 * '<CaseSpec as JSON>'`. The emulator runs in the parent (scripts/bench.ts); this process is the client alone.
 * Prints one CaseResult as JSON on its last line.
 */
import { Agent, type Dispatcher } from 'undici';
import { sendCall, type ClientOptions } from '../../src/service/client.ts';
import { createDispatcher } from '../../src/mechanics/dispatcher.ts';
import { parseAssetList } from '../../src/domain/refs.ts';
import { planRun } from '../../src/plan/plan.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import { execute } from '../../src/service/execute.ts';
import { USER_AGENT } from '../../src/mechanics/version.ts';
import {
  ASSETS_PER_CALL,
  assetUrl,
  ROOT_KEY,
  type CaseMode,
  type CaseResult,
  type CaseSpec,
} from './protocol.ts';

const TIMEOUT_MS = 30_000;
const MODES: readonly CaseMode[] = ['action', 'per-asset', 'per-batch', 'floor', 'idle'];

interface Measured {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly prepareMs: number;
  readonly calls: number;
  readonly confirmed: number;
}

const spec = readSpec(process.argv[2]);
const urls = Array.from({ length: spec.assets }, (_, i) => assetUrl(i));
const measured = await runCase(spec, urls);
const result: CaseResult = { ...measured, maxRssKiB: process.resourceUsage().maxRSS };
process.stdout.write(`${JSON.stringify(result)}\n`);

async function runCase(caseSpec: CaseSpec, refs: readonly string[]): Promise<Measured> {
  switch (caseSpec.mode) {
    case 'action':
      return runAction(caseSpec, refs);
    case 'per-asset':
      return handLoop(caseSpec, refs, 1, 1);
    case 'per-batch':
      return handLoop(caseSpec, refs, ASSETS_PER_CALL, 1);
    case 'floor':
      return handLoop(caseSpec, refs, ASSETS_PER_CALL, caseSpec.concurrency);
    case 'idle':
      return { wallMs: 0, cpuMs: 0, prepareMs: 0, calls: 0, confirmed: 0 };
  }
}

/** What the action does after validating its other inputs: parse `assets`, plan, execute with the real client. */
async function runAction(caseSpec: CaseSpec, refs: readonly string[]): Promise<Measured> {
  const input = refs.join('\n'); // the `assets` input, one URL a line
  const prepareStart = performance.now();
  const parsed = parseAssetList(input);
  if (parsed.invalid.length > 0) throw new Error(`invalid assets: ${JSON.stringify(parsed.invalid[0])}`);
  const plan = planRun({ target: { scope: 'assets', assets: parsed.refs }, token: false });
  const prepareMs = performance.now() - prepareStart;

  const dispatcher = createDispatcher(caseSpec.concurrency, TIMEOUT_MS);
  const client: ClientOptions = {
    endpoint: new URL(caseSpec.endpoint),
    apiKey: ROOT_KEY,
    dispatcher,
    timeoutMs: TIMEOUT_MS,
    redact: makeRedactor([ROOT_KEY]),
    userAgent: USER_AGENT,
  };
  try {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const result = await execute(plan, {
      send: (call) => sendCall(call, client),
      concurrency: caseSpec.concurrency,
      maxRetries: 5,
    });
    const wallMs = performance.now() - start;
    const cpuMs = cpuSince(cpu);
    let confirmed = 0;
    result.assets.forEach((_ref, outcome) => {
      if (outcome === 'invalidated') confirmed++;
    });
    return { wallMs, cpuMs, prepareMs, calls: result.calls.length, confirmed };
  } finally {
    await dispatcher.close();
  }
}

/**
 * What users write by hand: a plain loop of requests, `size` assets a call, over keep-alive. With `workers` above 1
 * (the `floor` mode), that many such loops share one cursor: the least a concurrent client can do.
 */
async function handLoop(
  caseSpec: CaseSpec,
  refs: readonly string[],
  size: number,
  workers: number,
): Promise<Measured> {
  const endpoint = new URL(caseSpec.endpoint);
  const dispatcher = new Agent({ connections: workers, keepAliveTimeout: TIMEOUT_MS });
  const headers = {
    authorization: `Bearer ${ROOT_KEY}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  let next = 0;
  let calls = 0;
  let confirmed = 0;
  const loop = async (): Promise<void> => {
    for (let first = next; first < refs.length; first = next) {
      next += size;
      const assets = refs.slice(first, first + size);
      const response: Dispatcher.ResponseData = await dispatcher.request({
        origin: endpoint.origin,
        path: `${endpoint.pathname}/invalidate/assets`,
        method: 'POST',
        headers,
        body: JSON.stringify({ assets }),
      });
      const text = await response.body.text();
      calls += 1;
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${text}`);
      confirmed += assets.length;
    }
  };
  try {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: workers }, loop));
    const wallMs = performance.now() - start;
    return { wallMs, cpuMs: cpuSince(cpu), prepareMs: 0, calls, confirmed };
  } finally {
    await dispatcher.close();
  }
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function readSpec(json: string | undefined): CaseSpec {
  const value = JSON.parse(json ?? 'null') as Partial<CaseSpec> | null;
  const mode = MODES.find((m) => m === value?.mode);
  if (
    mode === undefined ||
    typeof value?.assets !== 'number' ||
    typeof value.concurrency !== 'number' ||
    typeof value.endpoint !== 'string'
  ) {
    throw new Error(`usage: node scripts/bench/case.ts '{"mode","assets","concurrency","endpoint"}'`);
  }
  return { mode, assets: value.assets, concurrency: value.concurrency, endpoint: value.endpoint };
}
