/**
 * The library: the same core as the action and the command, for scripts of your own.
 *
 *   import { imageUrl, parseAssetList, toBatches, sendCall } from 'image-cache-invalidate';
 */
// First: on an unsupported Node, importing the library fails with a message naming the version it needs.
import './node-check.ts';

export type { ApiAnswer, ApiCall, Route } from './execute/call.ts';
export { sendCall, retryAfterMs, type ClientOptions } from './execute/client.ts';
export { createDispatcher } from './execute/dispatcher.ts';
export { ApiError, type FailureKind } from './execute/errors.ts';
export {
  decide,
  DEFAULT_POLICY,
  type AttemptContext,
  type CallPolicy,
  type Decision,
} from './execute/policy.ts';
export { MAX_ASSETS_PER_CALL, halve, toBatches } from './plan/batches.ts';
export {
  assetRefProblem,
  parseAssetList,
  splitAssetList,
  type AssetRef,
  type ParsedAssetList,
} from './plan/refs.ts';
export { parseFileList } from './settings/files-input.ts';
export { parsePatterns, selectPaths } from './plan/select.ts';
export { mapToUrl, parseUrlMap, type UrlMapRule } from './plan/url-map.ts';
export { planRun, plannedAssets, type FilesPlan, type Plan } from './plan/plan.ts';
export { makeRedactor, type Redact } from './shown/redact.ts';
export { systemClock, type Clock } from './execute/clock.ts';
export {
  execute,
  type Attempt,
  type CallRecord,
  type ExecuteOptions,
  type RunResult,
  type SchedulerEvent,
} from './execute/execute.ts';
export {
  InputError,
  parseSettings,
  type RawInputs,
  type Settings,
  type Target,
} from './settings/settings.ts';
export { parseEndpoint } from './settings/inputs.ts';
export {
  contentCacheBuster,
  imageHostOf,
  imageUrl,
  imageUrlPrefix,
  type ImageUrlOptions,
} from './plan/urls.ts';
