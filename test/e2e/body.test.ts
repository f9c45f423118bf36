/**
 * What counts as a confirmation: the client against the emulator, over real HTTP, with answers whose body says
 * something other than what a first glance at it suggests.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { confirmedJson } from '../../src/service/body.ts';
import { sendCall, type ApiCall } from '../../src/service/client.ts';
import { ApiError } from '../../src/domain/api-error.ts';
import { decide } from '../../src/domain/policy.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import type { Fault } from '../emulator/server.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { runAction } from '../support/runner.ts';

const emulator = useEmulator();

const ASSETS: ApiCall = { route: 'invalidate/assets', assets: ['https://www.example.com/a.png'] };
const REFUSAL = JSON.stringify({ success: false, message: 'Quota exceeded' });

async function answerTo(...faults: Fault[]): Promise<ApiError | 'confirmed'> {
  emulator().inject('invalidate/assets', ...faults);
  return sendCall(ASSETS, clientFor(emulator(), ROOT_KEY)).then(
    () => 'confirmed' as const,
    (error: unknown) => {
      if (error instanceof ApiError) return error;
      throw error;
    },
  );
}

async function refusal(...faults: Fault[]): Promise<ApiError> {
  const answer = await answerTo(...faults);
  if (answer === 'confirmed') throw new Error('the answer was taken for a confirmation');
  return answer;
}

/** Whether the policy gives the call up at once: sent again, the same server would answer the same. */
function givenUp(error: ApiError): boolean {
  const context = {
    retries: 0,
    maxRetries: 3,
    now: 0,
    deadline: 60_000,
    random: 0.5,
    assets: 1,
    bisectionCallsLeft: 0,
  };
  return decide(error, context).action === 'give-up';
}

describe('a content coding the client did not ask for', () => {
  it('asks for the body as it is (Accept-Encoding: identity)', async () => {
    await sendCall(ASSETS, clientFor(emulator(), ROOT_KEY));
    expect(emulator().requests[0]?.headers['accept-encoding']).toBe('identity');
  });

  it.each(['gzip', 'x-gzip', 'deflate', 'raw-deflate', 'br', 'zstd', 'gzip, br', 'deflate, gzip, identity'])(
    'a 200 whose %s-coded body says "success": false is not a confirmation, and its message is read',
    async (contentEncoding) => {
      const error = await refusal({ body: REFUSAL, contentEncoding });
      expect(error.kind).toBe('response');
      expect(givenUp(error)).toBe(true);
      expect(error.message).toContain('Quota exceeded');
    },
  );

  it.each(['gzip', 'br', 'gzip, br'])('the normal answer, %s-coded, is a confirmation', async (coding) => {
    expect(await answerTo({ contentEncoding: coding })).toBe('confirmed');
  });

  it('an error answer, gzip-coded, gives its message', async () => {
    const error = await refusal({ status: 400, message: 'Asset list rejected', contentEncoding: 'gzip' });
    expect(error.message).toContain('Asset list rejected');
  });

  it('a coding it cannot decode is not a confirmation, and says which', async () => {
    const error = await refusal({
      body: Buffer.from(gzipSync(REFUSAL)).toString('latin1'),
      headers: { 'content-encoding': 'compress' },
    });
    expect(givenUp(error)).toBe(true);
    expect(error.message).toContain('"compress"');
  });

  it('a body that does not decode as its coding says is not a confirmation', async () => {
    const error = await refusal({ body: '{"success": true}', headers: { 'content-encoding': 'gzip' } });
    expect(givenUp(error)).toBe(true);
    expect(error.message).toContain('gzip');
  });
});

describe('a UTF-8 byte-order mark', () => {
  it('before {"success": false} does not hide the refusal', async () => {
    const error = await refusal({ body: `\uFEFF${REFUSAL}` });
    expect(error.message).toContain('Quota exceeded');
  });

  it('before {"success": true} is a confirmation', async () => {
    expect(await answerTo({ body: '\uFEFF{"success": true}' })).toBe('confirmed');
  });
});

describe('the whole body is read, up to 1 MiB', () => {
  it('a 70 KiB body whose end says "success": false is not a confirmation', async () => {
    const body = `{"padding": "${'x'.repeat(70 * 1024)}", "success": false, "message": "Quota exceeded"}`;
    expect((await refusal({ body })).message).toContain('Quota exceeded');
  });

  it('a 900 KiB {"success": true} is a confirmation', async () => {
    expect(await answerTo({ body: `{"success": true, "padding": "${'x'.repeat(900 * 1024)}"}` })).toBe(
      'confirmed',
    );
  });

  it('a {"success": true} over 1 MiB is not a confirmation, is not retried, and says why', async () => {
    const error = await refusal({ body: `{"success": true, "padding": "${'x'.repeat(2 * 1024 * 1024)}"}` });
    expect(error.kind).toBe('response');
    expect(givenUp(error)).toBe(true);
    expect(error.message).toContain('longer than 1 MiB');
  });

  it('a gzip bomb (64 MiB that decodes from 64 KiB) stops at 1 MiB decoded: not a confirmation', async () => {
    const body = `{"success": true, "padding": "${'0'.repeat(64 * 1024 * 1024)}"}`;
    const error = await refusal({ body, contentEncoding: 'gzip' });
    expect(givenUp(error)).toBe(true);
    expect(error.message).toContain('longer than 1 MiB');
  });

  it('an error body over 1 MiB still gives the message it starts with', async () => {
    const error = await refusal({
      status: 503,
      body: `Down for maintenance. ${'x'.repeat(2 * 1024 * 1024)}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(error.message).toContain('Down for maintenance');
  });

  it('a huge error body still gives its status, not a complaint about its length', async () => {
    const error = await refusal({ status: 503, body: 'x'.repeat(3 * 1024 * 1024) });
    expect(error.status).toBe(503);
    expect(givenUp(error)).toBe(false);
  });
});

describe('"success" is a confirmation only when it is true', () => {
  it.each(['"false"', '0', 'null', '"true"', '1', '[]', '{}'])(
    'a 200 with "success": %s is not a confirmation',
    async (value) => {
      const error = await refusal({ body: `{"success": ${value}, "message": "Quota exceeded"}` });
      expect(error.kind).toBe('response');
      expect(givenUp(error)).toBe(true);
      expect(error.message).toContain(`"success": ${JSON.stringify(JSON.parse(value))}`);
    },
  );

  it.each([
    ['{"success": true}', '{"success": true}'],
    ['a JSON object without "success"', '{"data": {"scope": "assets"}}'],
    ['JSON true', 'true'],
    ['an empty body', ''],
    ['a body of white space', ' \r\n'],
  ])('a 200 with %s is a confirmation', async (_name, body) => {
    expect(await answerTo({ body })).toBe('confirmed');
  });

  it.each([
    ['JSON false', 'false'],
    ['JSON null', 'null'],
    ['a JSON array', '[]'],
    ['text', 'OK'],
    ['JSON cut short', '{"success": true'],
  ])('a 200 with %s is not a confirmation', async (_name, body) => {
    const error = await refusal({ body });
    expect(error.kind).toBe('response');
    expect(givenUp(error)).toBe(true);
  });
});

describe('through the built action', () => {
  const urls = ['https://www.example.com/a.png', 'https://www.example.com/b.png'];
  it.each<[string, Fault]>([
    ['gzip-coded', { body: REFUSAL, contentEncoding: 'gzip' }],
    ['br-coded', { body: REFUSAL, contentEncoding: 'br' }],
    ['after a byte-order mark', { body: `\uFEFF${REFUSAL}` }],
    ['past 64 KiB', { body: `{"padding": "${'x'.repeat(70 * 1024)}", "success": false}` }],
    ['as "false"', { body: '{"success": "false"}' }],
    ['as 0', { body: '{"success": 0}' }],
  ])(
    'a 200 whose body says "success": false %s fails the step and invalidates nothing',
    async (_name, fault) => {
      emulator().inject('invalidate/assets', fault);
      const run = await runAction({
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': emulator().serviceKey,
        assets: urls.join('\n'),
      });
      expect(run.exitCode).toBe(1);
      expect(run.outputs['invalidated-count']).toBe('0');
      expect(JSON.parse(run.outputs.failed ?? '')).toEqual(urls);
    },
  );
});

describe('server text in these errors is redacted', () => {
  it.each<[string, Fault]>([
    ['a "success" holding the key', { body: JSON.stringify({ success: ROOT_KEY }) }],
    ['JSON that is the key', { body: JSON.stringify(ROOT_KEY) }],
    ['a content coding named by the key', { body: '{}', headers: { 'content-encoding': ROOT_KEY } }],
  ])('%s: the error does not show it', async (_name, fault) => {
    const error = await refusal(fault);
    expect(error.message).not.toContain(ROOT_KEY);
    expect(error.message).toContain('***');
  });
});

describe('what a refusal shows of the body', () => {
  // Longer than the 40 characters a described body is cut to: cut first, its first half would not be recognised.
  const LONG_KEY = 'rk_live_0123456789abcdefghijklmnopqrstuvwxyz0123';

  it.each([JSON.stringify(`Bearer ${LONG_KEY}`), JSON.stringify(LONG_KEY), JSON.stringify([LONG_KEY])])(
    'a 2xx whose JSON %s holds a long key shows no part of it',
    (text) => {
      let thrown: unknown;
      try {
        confirmedJson(200, 'application/json', { text }, () => ({}), makeRedactor([LONG_KEY]));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).message).not.toContain(LONG_KEY.slice(0, 12));
    },
  );
});

describe('a 2xx whose body reports an error, without a "success" field', () => {
  it.each([
    { error: 'Quota exceeded' },
    { errors: [{ message: 'Quota exceeded' }] },
    { code: 'rest_invalid_param', message: 'Quota exceeded', data: { status: 400 } },
  ])('%j is not a confirmation', (json) => {
    expect(() =>
      confirmedJson(
        200,
        'application/json',
        { text: JSON.stringify(json) },
        () => ({ message: 'Quota exceeded' }),
        makeRedactor([]),
      ),
    ).toThrow(/Quota exceeded/);
  });

  it.each([{}, { errors: [] }, { data: { status: 200 } }, { invalidated: 3 }])(
    '%j still confirms',
    (json) => {
      expect(
        confirmedJson(200, 'application/json', { text: JSON.stringify(json) }, () => ({}), makeRedactor([])),
      ).toEqual(json);
    },
  );
});
