/** A bad input, found before anything is sent: its message names the input, the value and what is allowed. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

export function throwInput(message: string): never {
  throw new InputError(message);
}
