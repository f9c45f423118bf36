import { Agent } from 'undici';
import type { ClientOptions } from '../../src/service/client.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import type { Emulator } from '../emulator/server.ts';

/** Client options pointing at the emulator, over a real keep-alive Agent. */
export function clientFor(
  emulator: Emulator,
  apiKey: string,
  overrides: Partial<ClientOptions> = {},
): ClientOptions & { dispatcher: Agent } {
  return {
    endpoint: new URL(`${emulator.url}/api/${emulator.serviceKey}/v2/cache`),
    apiKey,
    dispatcher: new Agent({ connections: 8 }),
    timeoutMs: 2_000,
    redact: makeRedactor([apiKey]),
    userAgent: 'image-cache-invalidate/test',
    ...overrides,
  } as ClientOptions & { dispatcher: Agent };
}

export const ROOT_KEY = 'root-key-0001';
export const SUB_KEY = 'sub-key-0001';
export const GHOST_KEY = 'ghost-key-0001';
export const DORMANT_KEY = 'dormant-key-0001';
