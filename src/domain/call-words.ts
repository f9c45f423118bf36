/** A call to the service as every renderer names it: its label, its number, its retries, its listing. */
import type { ApiCall } from './call.ts';
import { plural } from '../shown/format.ts';

/** A call as the log and the summary name it: its label (`invalidate 100 assets`) and what it asks for. */
export function callWords(call: ApiCall): { label: string; subject: string } {
  switch (call.route) {
    case 'invalidate/all':
      return { label: 'invalidate all', subject: 'every image of the account' };
    case 'invalidate/domain':
      return { label: `invalidate domain ${call.domain}`, subject: `every image of ${call.domain}` };
    case 'invalidate/assets': {
      const assets = plural(call.assets.length, 'asset');
      // A call of one asset (an entry a refused batch was halved down to) is named by it.
      const [only] = call.assets;
      const label =
        call.assets.length === 1 && only !== undefined
          ? `invalidate 1 asset: ${only}`
          : `invalidate ${assets}`;
      return { label, subject: assets };
    }
    case 'token':
      return { label: 'token', subject: 'a fresh cache token' };
  }
}

/** `Call 3 (invalidate 100 assets)`. */
export function describeCall(sent: { readonly index: number; readonly call: ApiCall }): string {
  return `Call ${sent.index} (${callWords(sent.call).label})`;
}

/** `Call 2 (invalidate 3 assets): HTTP 503; retrying in 7.0 s (attempt 2 of 6).` */
export function retryWords(
  sent: { readonly index: number; readonly call: ApiCall },
  error: { readonly message: string },
  waitMs: number,
  attempt: number,
  maxRetries: number,
): string {
  const seconds = (waitMs / 1000).toFixed(1);
  const failure = error.message.replace(/\.$/, '');
  return `${describeCall(sent)}: ${failure}; retrying in ${seconds} s (attempt ${attempt} of ${maxRetries + 1}).`;
}

/** A dry run's calls in order, each followed by every asset it would carry, indented: one line each. */
export function* callListing(calls: readonly ApiCall[], first = 1): Generator<string> {
  let index = first - 1;
  for (const call of calls) {
    index++;
    const assets = call.route === 'invalidate/assets' ? call.assets : [];
    // The assets follow, so the label counts them even for one.
    yield assets.length > 0
      ? `Call ${index} (invalidate ${plural(assets.length, 'asset')}):`
      : describeCall({ index, call });
    for (const asset of assets) yield `  ${asset}`;
  }
}
