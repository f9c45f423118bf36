import { ACTION_INPUTS } from '../../src/settings/action-contract.ts';
import type { RawInputs } from '../../src/settings/settings.ts';

/**
 * The inputs as the runner hands them to a step that sets only the three a run needs (a Root key, the service's
 * host and its name): action.yml's defaults for all the others, taken literally, but no GitHub token.
 */
export const DEFAULT_INPUTS: RawInputs = {
  ...(Object.fromEntries(
    Object.entries(ACTION_INPUTS).map(([name, input]) => [name, input.default]),
  ) as RawInputs),
  'api-key': 'root-key-0001',
  'base-url': 'https://dashboard.example.com',
  'service-key': 'svc',
  'github-token': '',
};
