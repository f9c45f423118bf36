// Generated from action.yml by scripts/generate.ts (npm run generate): do not edit.

// The command reads its defaults from here; the action gets them from the runner.
export const ACTION_INPUTS = {
  'api-key': {
    required: false,
    default: '',
  },
  'base-url': {
    required: true,
    default: '',
  },
  'service-key': {
    required: true,
    default: '',
  },
  scope: {
    required: false,
    default: 'assets',
  },
  domain: {
    required: false,
    default: '',
  },
  assets: {
    required: false,
    default: '',
  },
  'assets-from': {
    required: false,
    default: '',
  },
  files: {
    required: false,
    default: '',
  },
  'files-from': {
    required: false,
    default: '',
  },
  paths: {
    required: false,
    default: '**/*.{apng,avif,bmp,gif,heic,heif,ico,jfif,jpeg,jpg,jxl,pjp,pjpeg,png,svg,tif,tiff,webp}',
  },
  'url-map': {
    required: false,
    default: '',
  },
  site: {
    required: false,
    default: '',
  },
  since: {
    required: false,
    default: '',
  },
  'github-token': {
    required: false,
    default: '${{ github.token }}',
  },
  token: {
    required: false,
    default: 'false',
  },
  'image-host': {
    required: false,
    default: '',
  },
  rewrite: {
    required: false,
    default: '',
  },
  'rewrite-with': {
    required: false,
    default: 'token',
  },
  warm: {
    required: false,
    default: 'false',
  },
  verify: {
    required: false,
    default: 'false',
  },
  pages: {
    required: false,
    default: '',
  },
  'dry-run': {
    required: false,
    default: 'false',
  },
  'origin-check': {
    required: false,
    default: 'content',
  },
  'origin-timeout': {
    required: false,
    default: '300',
  },
  concurrency: {
    required: false,
    default: '4',
  },
  'max-retries': {
    required: false,
    default: '5',
  },
  'timeout-seconds': {
    required: false,
    default: '30',
  },
  'catch-up': {
    required: false,
    default: 'true',
  },
  'record-name': {
    required: false,
    default: '',
  },
  'status-context': {
    required: false,
    default: '',
  },
  'deploy-environment': {
    required: false,
    default: 'production',
  },
} as const;

// Every run, failed or not, sets each of them.
export const ACTION_OUTPUTS = [
  'token',
  'cache-buster',
  'image-url-prefix',
  'invalidated',
  'invalidated-count',
  'invalidated-file',
  'failed',
  'failed-count',
  'failed-file',
  'requests',
  'origin-waited-seconds',
  'verified-count',
  'unverified',
  'report-path',
  'summary-file',
] as const;

export type OutputName = (typeof ACTION_OUTPUTS)[number];
