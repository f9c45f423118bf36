/**
 * The library: the same core as the action and the command, for scripts of your own.
 *
 *   import { imageUrl, parseAssetList, toBatches, sendCall } from 'image-cache-invalidate';
 */
// First: on an unsupported Node, importing the library fails with a message naming the version it needs.
import './node-check.ts';

export type { ApiAnswer, ApiCall, Route } from './domain/call.ts';
export { sendCall, retryAfterMs, type ClientOptions } from './service/client.ts';
export { createDispatcher } from './mechanics/dispatcher.ts';
export { ApiError, type FailureKind } from './domain/api-error.ts';
export {
  decide,
  DEFAULT_POLICY,
  type AttemptContext,
  type CallPolicy,
  type Decision,
} from './domain/policy.ts';
export { MAX_ASSETS_PER_CALL, halve, toBatches } from './domain/batches.ts';
export {
  assetRefProblem,
  parseAssetList,
  splitAssetList,
  type AssetRef,
  type ParsedAssetList,
} from './domain/refs.ts';
export { parseFileList } from './settings/files-input.ts';
export { parsePatterns, selectPaths } from './settings/select.ts';
export { mapToUrl, parseUrlMap, type UrlMapRule } from './settings/url-map.ts';
export { planRun, plannedAssets, type FilesPlan, type Plan } from './plan/plan.ts';
export { makeRedactor, type Redact } from './shown/redact.ts';
export { systemClock, type Clock } from './mechanics/clock.ts';
export {
  execute,
  type Attempt,
  type CallRecord,
  type ExecuteOptions,
  type RunResult,
  type SchedulerEvent,
} from './service/execute.ts';
export { InputError } from './mechanics/input-error.ts';
export { parseSettings, type RawInputs, type Settings, type Target } from './settings/settings.ts';
export { parseEndpoint } from './settings/inputs.ts';
export {
  contentCacheBuster,
  imageHostOf,
  imageUrl,
  imageUrlPrefix,
  type ImageUrlOptions,
} from './domain/urls.ts';
