/**
 * Real networks, end to end through the built action: the emulator served over TLS with a certificate from a CA
 * made for this run (NODE_EXTRA_CA_CERTS, as corporate networks need), and a forward proxy answering CONNECT in
 * front of it, under a host name that only the proxy resolves (HTTPS_PROXY, NO_PROXY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import { startProxy, type TestProxy } from '../support/proxy.ts';
import { runAction } from '../support/runner.ts';
import { makeTestCa, type TestCa } from '../support/tls.ts';

/** A host name no resolver knows: only the proxy maps it to the emulator. */
const HOST = 'api.images.test';
const ASSETS = ['https://www.example.com/a.png', 'https://www.example.com/b.png'];

let ca: TestCa;
let emulator: Emulator;
/** The same service over plain http, as local tests run it. */
let plainEmulator: Emulator;
let proxy: TestProxy;
let port: string;
beforeAll(async () => {
  ca = makeTestCa([HOST]);
  emulator = await startEmulator({ tls: ca.server });
  plainEmulator = await startEmulator();
  port = new URL(emulator.url).port;
  proxy = await startProxy({ [HOST]: '127.0.0.1' });
});
afterAll(async () => {
  await proxy.close();
  await emulator.close();
  await plainEmulator.close();
  ca.dispose();
});

function action(baseUrl: string, env: Record<string, string>, inputs: Record<string, string> = {}) {
  emulator.reset();
  plainEmulator.reset();
  proxy.connects.length = 0;
  proxy.plain.length = 0;
  return runAction(
    { 'api-key': ROOT_KEY, 'base-url': baseUrl, 'service-key': 'svc', assets: ASSETS.join('\n'), ...inputs },
    env,
  );
}

describe('TLS', () => {
  it('reaches a service whose certificate a private CA signed, with NODE_EXTRA_CA_CERTS', async () => {
    const run = await action(emulator.url, { NODE_EXTRA_CA_CERTS: ca.caFile });
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual(ASSETS);
  });

  it('a certificate that does not verify fails at once, naming the host and the remedy, and sends nothing', async () => {
    const many = Array.from({ length: 250 }, (_, i) => `https://www.example.com/${i}.png`);
    const run = await action(emulator.url, {}, { assets: many.join('\n'), concurrency: '1' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs['failed-count']).toBe('250');
    expect(emulator.requests).toHaveLength(0);
    expect(run.stdout).toContain(`the certificate of 127.0.0.1:${port} does not verify`);
    expect(run.stdout).toContain('NODE_EXTRA_CA_CERTS');
    const report = JSON.parse(run.report) as { calls: { attempts: unknown[] }[] };
    expect(report.calls).toHaveLength(1); // the run stopped: the two other calls would meet the same certificate
    expect(report.calls[0]?.attempts).toHaveLength(1); // and it was not retried
  });
});

describe('a proxy', () => {
  it('HTTPS_PROXY: the calls go through a CONNECT tunnel, and the proxy never sees the key', async () => {
    const run = await action(`https://${HOST}:${port}`, {
      HTTPS_PROXY: proxy.url,
      NODE_EXTRA_CA_CERTS: ca.caFile,
    });
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual(ASSETS);
    expect(new Set(proxy.connects)).toEqual(new Set([`${HOST}:${port}`]));
    expect(proxy.tunnelled().includes(ROOT_KEY)).toBe(false);
    expect(proxy.tunnelled().includes('Bearer')).toBe(false);
  });

  it('lower-case https_proxy too', async () => {
    const run = await action(`https://${HOST}:${port}`, {
      https_proxy: proxy.url,
      NODE_EXTRA_CA_CERTS: ca.caFile,
    });
    expect(run.exitCode).toBe(0);
    expect(proxy.connects.length).toBeGreaterThan(0);
  });

  it('NO_PROXY: a host it names is reached directly', async () => {
    const run = await action(emulator.url, {
      HTTPS_PROXY: proxy.url,
      NO_PROXY: '127.0.0.1',
      NODE_EXTRA_CA_CERTS: ca.caFile,
    });
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual(ASSETS);
    expect(proxy.connects).toEqual([]);
  });
});

describe('a plain-http base-url on this machine, behind a proxy', () => {
  it.each(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY'])(
    '%s: the calls go directly, and the proxy never receives the key',
    async (variable) => {
      const run = await action(plainEmulator.url, { [variable]: proxy.url });
      expect(run.exitCode).toBe(0);
      expect(plainEmulator.invalidated.assets).toEqual(ASSETS);
      expect(proxy.plain).toEqual([]);
      expect(proxy.connects).toEqual([]);
    },
  );

  it('localhost too', async () => {
    const base = plainEmulator.url.replace('127.0.0.1', 'localhost');
    const run = await action(base, { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
    expect(run.exitCode).toBe(0);
    expect(proxy.plain).toEqual([]);
  });

  it('HTTP_PROXY alone still carries https calls, in a tunnel', async () => {
    const run = await action(`https://${HOST}:${port}`, {
      HTTP_PROXY: proxy.url,
      NODE_EXTRA_CA_CERTS: ca.caFile,
    });
    expect(run.exitCode).toBe(0);
    expect(new Set(proxy.connects)).toEqual(new Set([`${HOST}:${port}`]));
    expect(proxy.tunnelled().includes(ROOT_KEY)).toBe(false);
  });
});
