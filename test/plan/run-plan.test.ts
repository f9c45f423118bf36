/** The planner: every decision of a run made once, from the settings and the changed files. */
import { describe, expect, it } from 'vitest';
import type { ChangedFiles } from '../../src/domain/changed.ts';
import { DEFAULT_POLICY } from '../../src/domain/policy.ts';
import { planOf } from '../support/fixtures.ts';
import { parseSettings, type Settings } from '../../src/settings/settings.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';

function settings(inputs: Record<string, string>): Settings {
  return parseSettings({ ...DEFAULT_INPUTS, ...inputs });
}

const URL_MAP = 'public/images => https://www.example.com/images';
const CHANGED: ChangedFiles = {
  files: ['public/images/a.png', 'README.md'],
  source: 'git diff abc1234 def5678 (push)',
  base: 'abc1234',
};

describe('planTheRun', () => {
  it('holds the images mapped from changed files for their origin, comparing with the base detection found', () => {
    const plan = planOf(settings({ 'url-map': URL_MAP, 'origin-timeout': '90' }), CHANGED);
    expect(plan.origin).toEqual({
      images: new Map([['https://www.example.com/images/a.png', 'public/images/a.png']]),
      waitMs: 90_000,
      requestTimeoutMs: plan.calls.timeoutMs,
      base: 'abc1234',
      // The rules that made the images: a mapping mistake names its rule.
      urlMap: [{ pathPrefix: 'public/images', urlPrefix: 'https://www.example.com/images/' }],
      // `paths`: an image unchanged by the push, asked to prove a rule, is one of them.
      patterns: [expect.stringContaining('png')],
    });
    // The retry window starts when the first call could go out: it grows by the wait for origins.
    expect(plan.calls.policy).toEqual({ retryWindowMs: DEFAULT_POLICY.retryWindowMs + 90_000 });
  });

  it('holds nothing, and keeps the default window, with origin-check off or no image mapped from a file', () => {
    const off = planOf(settings({ 'url-map': URL_MAP, 'origin-check': 'off' }), CHANGED);
    const given = planOf(settings({ assets: 'https://www.example.com/images/a.png' }));
    for (const plan of [off, given]) {
      expect(plan.origin).toBeUndefined();
      expect(plan.calls.policy).toEqual({});
    }
    // Which file each URL came from is kept only for a stage that reads the files.
    expect(off.invalidation.fileOf).toBeUndefined();
  });

  it('rewrites and warms through the image host only when asked', () => {
    const asked = planOf(
      settings({
        assets: 'https://www.example.com/a.png',
        token: 'true',
        'image-host': 'img.example.net',
        rewrite: 'build/**/*.html',
        warm: 'true',
      }),
    );
    expect(asked.rewrite).toEqual({
      preview: false,
      patterns: ['build/**/*.html'],
      with: 'token',
      imageHost: 'img.example.net',
      // The warm-up asks for every URL written.
      keepUrls: true,
      fileOf: undefined,
    });
    expect(asked.warm).toEqual({
      preview: false,
      imageHost: 'img.example.net',
      timeoutMs: asked.calls.timeoutMs,
    });
    expect(asked.report).toEqual({ imageHost: 'img.example.net', noApiKey: false });
    const hostAlone = planOf(
      settings({ assets: 'https://www.example.com/a.png', 'image-host': 'img.example.net' }),
    );
    expect(hostAlone.rewrite).toBeUndefined();
    expect(hostAlone.warm).toBeUndefined();
  });

  it('proves fresh, with origin-check off, the images mapped from files against the base; nothing without verify', () => {
    const asked = planOf(
      settings({
        'url-map': URL_MAP,
        'origin-check': 'off',
        'image-host': 'img.example.net',
        verify: 'true',
      }),
      CHANGED,
    );
    expect(asked.proof).toEqual({
      preview: false,
      imageHost: 'img.example.net',
      images: new Map([['https://www.example.com/images/a.png', 'public/images/a.png']]),
      base: 'abc1234',
      requestTimeoutMs: asked.calls.timeoutMs,
      // An image still stale is invalidated once more as the run's calls went out.
      service: asked.service,
      calls: asked.calls,
    });
    const not = planOf(settings({ 'url-map': URL_MAP, 'image-host': 'img.example.net' }), CHANGED);
    expect(not.proof).toBeUndefined();
  });

  it('refuses verify without image-host, or without files to compare with, saying what to set', () => {
    expect(() => settings({ 'url-map': URL_MAP, verify: 'true' })).toThrow(
      /verify: true asks for the invalidated images through the image host, so it needs image-host/,
    );
    expect(() =>
      settings({ assets: 'https://www.example.com/a.png', 'image-host': 'img.example.net', verify: 'true' }),
    ).toThrow(
      /verify: true compares each invalidated image with its file, so the images must come from changed files mapped by url-map \(e\.g\./,
    );
    // With url-map set too, the target's own error says what to mend, and verify does not send the user round again.
    expect(() =>
      settings({
        assets: 'https://www.example.com/a.png',
        'url-map': URL_MAP,
        'image-host': 'img.example.net',
        verify: 'true',
      }),
    ).toThrow(/^url-map: is set, but changed files are detected only when(?![\s\S]*verify: true compares)/);
    // A target refused on its own gets its own error alone.
    expect(() =>
      settings({
        'url-map': URL_MAP,
        paths: 'public\\x.png',
        'image-host': 'img.example.net',
        verify: 'true',
      }),
    ).toThrow(/^(?![\s\S]*verify: true compares)/);
  });

  it('a dry run without a key: nothing to send with, and the report says no key was given', () => {
    const plan = planOf(settings({ scope: 'all', 'dry-run': 'true', 'api-key': '' }));
    expect(plan.dryRun).toBe(true);
    expect(plan.service.apiKey).toBe('');
    expect(plan.report.noApiKey).toBe(true);
    expect(plan.invalidation.calls).toEqual([{ route: 'invalidate/all' }]);
  });
});
