/**
 * The seed of the tests' random inputs. `TEST_SEED`, when given, replays a failure; else each test file draws its own.
 * Every property of fast-check takes it as its seed, and `seededRandom()` gives the values a test draws itself from
 * it; a failing test names it (test/setup/seed.ts), so that `TEST_SEED=<seed> npx vitest run <file>` draws the same
 * inputs again.
 */

export const TEST_SEED = seedOf(process.env.TEST_SEED);

function seedOf(given: string | undefined): number {
  // Math.random only picks the seed, which every failure names.
  if (given === undefined || given.trim() === '') return (Math.random() * 2 ** 32) | 0;
  const seed = Number(given);
  if (!Number.isSafeInteger(seed))
    throw new Error(`TEST_SEED must be a whole number, not ${JSON.stringify(given)}`);
  return seed | 0;
}

/** Numbers from 0 (included) to 1 (excluded), the same sequence for the same seed (mulberry32). */
export function seededRandom(seed: number = TEST_SEED): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a failure says of its random inputs. */
export function replayWords(seed: number = TEST_SEED): string {
  return `random inputs from seed ${seed}: TEST_SEED=${seed} draws them again`;
}
