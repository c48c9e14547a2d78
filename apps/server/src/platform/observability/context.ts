/**
 * The request a piece of work belongs to, carried through async calls (AsyncLocalStorage): a
 * request's id follows it into the jobs it queues, so their log lines can be joined to it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface WorkContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** Runs fn inside the given context. */
export function runInContext<T>(context: WorkContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's id, when the caller runs inside one. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A request's id: the proxy's `x-request-id` when it looks like one, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SAFE_ID.test(value) ? value : randomUUID();
}
