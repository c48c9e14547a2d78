import { describe, expect, it } from 'vitest';
import { errorReportingOptions, traceTarget } from './error-reporting.ts';

describe('error reporting', () => {
  it('samples every trace, a tenth of sessions as replays, and every session with an error', () => {
    const options = errorReportingOptions({
      dsn: 'https://key@errors.example/7',
      tracePropagationTargets: ['localhost', '^https://api\\.example'],
      environment: 'production',
      release: '1.2.3',
    });
    expect(options).toMatchObject({
      dsn: 'https://key@errors.example/7',
      environment: 'production',
      release: '1.2.3',
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      sendDefaultPii: false,
    });
    expect(options.tracePropagationTargets).toEqual(['localhost', /^https:\/\/api\.example/]);
  });

  it('reads targets that look like regular expressions as such, others as text', () => {
    expect(traceTarget('api.example.com')).toBe('api.example.com');
    expect(traceTarget('^/api/')).toEqual(/^\/api\//);
    expect(traceTarget('^[')).toBe('^[');
  });
});
