import { quote } from './inputs.ts';

/**
 * A list given as a JSON array of strings, as changed-files actions print one: its entries, or what is wrong with
 * it, naming the first entry that is not a string.
 */
export function parseJsonList(text: string): { entries: string[] } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: "starts with '[' but is not a JSON array" };
  }
  if (!Array.isArray(parsed)) return { problem: 'is not a JSON array' };
  const bad = parsed.findIndex((entry) => typeof entry !== 'string');
  if (bad >= 0) {
    return {
      problem: `is a JSON array whose entry ${bad + 1} is ${quote(JSON.stringify(parsed[bad]))}, not a string`,
    };
  }
  return { entries: parsed as string[] };
}
