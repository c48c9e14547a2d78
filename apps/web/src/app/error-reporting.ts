/**
 * Browser error reporting (part 1 §7.4): set up only when the page configuration names trace
 * targets (the bootstrap's errorReporting), with the spec's sampling. The reporting SDK (Sentry's
 * protocol) is loaded only then, in a chunk of its own.
 */
import { useEffect } from 'react';
import type * as SentryModule from '@sentry/react';
import { ERROR_REPORTING_SAMPLING } from '@assay/domain';
import { useBootstrap, type ErrorReportingSettings } from '../api/bootstrap.ts';

type Sdk = typeof SentryModule;
let sdk: Promise<Sdk> | null = null;

/** A target written like a regular expression (^…, …$) is one; others match as text. */
export function traceTarget(target: string): string | RegExp {
  if (/^\^|\$$/.test(target)) {
    try {
      return new RegExp(target);
    } catch {
      return target;
    }
  }
  return target;
}

/** The SDK's options for the page configuration (the integrations are added at start). */
export function errorReportingOptions(settings: ErrorReportingSettings) {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracePropagationTargets: settings.tracePropagationTargets.map(traceTarget),
    ...ERROR_REPORTING_SAMPLING,
    sendDefaultPii: false,
  };
}

export function startErrorReporting(settings: ErrorReportingSettings): Promise<Sdk> {
  sdk ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({
      ...errorReportingOptions(settings),
      integrations: [
        Sentry.browserTracingIntegration(),
        // Replays hide text and media; what a person typed never leaves the browser.
        Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }),
      ],
    });
    // Says reporting is on (for support, and for the browser tests that wait for it).
    document.documentElement.dataset.errorReporting = 'on';
    return Sentry;
  });
  return sdk;
}

/** Reports an error the app caught (the oops page), when reporting is on. */
export function reportError(error: unknown) {
  void sdk?.then((Sentry) => Sentry.captureException(error));
}

/** Starts reporting once the page configuration asks for it; tags reports with the user's id. */
export function useErrorReporting() {
  const boot = useBootstrap();
  const settings = boot.data?.errorReporting ?? null;
  const userId = boot.data?.user?.id ?? null;
  useEffect(() => {
    if (!settings) return;
    void startErrorReporting(settings).then((Sentry) =>
      Sentry.setUser(userId ? { id: userId } : null),
    );
  }, [settings, userId]);
}
