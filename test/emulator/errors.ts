// The errors the emulated service answers with. Status codes and codes are the emulator's choices except
// rest_no_route/404, which the spec fixes; the README's table lists them.

export interface ApiError {
  status: number;
  code: string;
  message: string;
}

// WordPress's own wording for an unmatched route; unknown paths, methods and service keys all end here.
export const NO_ROUTE: ApiError = {
  status: 404,
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
};

export function badRequest(code: string, message: string): ApiError {
  return { status: 400, code, message };
}

export function invalidParam(field: string, reason: string): ApiError {
  return badRequest('rest_invalid_param', `Invalid parameter(s): ${field}: ${reason}`);
}

// A hostile server repeats the caller's key back; tests use this to prove the client never shows it.
export function withEchoedKey(error: ApiError, key: string | undefined): ApiError {
  return key === undefined ? error : { ...error, message: `${error.message} (key: ${key})` };
}
