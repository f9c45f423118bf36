/**
 * The library: the same core as the action and the command, for scripts of your own.
 *
 *   import { imageUrl, parseAssetList, toBatches, sendCall } from 'image-cache-invalidate';
 */
// First: on an unsupported Node, importing the library fails with a message naming the version it needs.
import './node-check.ts';

export {
  sendCall,
  retryAfterMs,
  type ApiAnswer,
  type ApiCall,
  type ClientOptions,
  type Route,
} from './api/client.ts';
export { createDispatcher } from './api/dispatcher.ts';
export { ApiError, type FailureKind } from './api/errors.ts';
export { decide, DEFAULT_POLICY, type AttemptContext, type CallPolicy, type Decision } from './api/policy.ts';
export { MAX_ASSETS_PER_CALL, halve, toBatches } from './assets/batches.ts';
export {
  assetRefProblem,
  parseAssetList,
  splitAssetList,
  type AssetRef,
  type ParsedAssetList,
} from './assets/refs.ts';
export { parseFileList } from './changes/files-input.ts';
export { parsePatterns, selectPaths } from './changes/select.ts';
export { mapToUrl, parseUrlMap, type UrlMapRule } from './changes/url-map.ts';
export { planRun, plannedAssets, type FilesPlan, type Plan } from './plan.ts';
export { makeRedactor, type Redact } from './redact.ts';
export { systemClock, type Clock } from './run/clock.ts';
export {
  execute,
  type Attempt,
  type CallRecord,
  type ExecuteOptions,
  type RunResult,
  type SchedulerEvent,
} from './run/execute.ts';
export { InputError, parseSettings, type RawInputs, type Settings, type Target } from './settings.ts';
export { parseEndpoint } from './inputs.ts';
export { contentCacheBuster, imageHostOf, imageUrl, imageUrlPrefix, type ImageUrlOptions } from './urls.ts';
