/** The message of anything thrown: an Error's message, or the thrown value as text (a string, a number, undefined). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
