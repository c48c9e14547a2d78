/** The one place that calls fetch: credentials, no-cache headers, project id, version header. */
import { APP_VERSION_HEADER, CLIENT_ID_HEADER, PROJECT_ID_HEADER } from '@assay/domain';
import { ApiError } from './errors.ts';
import { noteServerVersion } from './version.ts';

let currentProjectId: string | undefined;

/** This tab's id: the server echoes it in realtime events, so the tab knows its own writes. */
export const CLIENT_ID =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `tab-${Math.random().toString(36).slice(2, 12)}`;

/** Sent as the project id header with every call while a project is open. */
export function setCurrentProjectId(projectId: string | undefined) {
  currentProjectId = projectId;
}

export interface HttpOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  projectId?: string | undefined;
}

/** Fetches with the app's conventions; network failures become ApiErrors. */
export async function httpFetch(url: string, options: HttpOptions = {}): Promise<Response> {
  const projectId = options.projectId ?? currentProjectId;
  // A file goes as it is (an import's zip); anything else as JSON.
  const file = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : null;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'cache-control': 'no-cache',
    pragma: 'no-cache',
    ...(file
      ? { 'content-type': file.type || 'application/octet-stream' }
      : options.body !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
    ...(projectId ? { [PROJECT_ID_HEADER]: projectId } : {}),
    [CLIENT_ID_HEADER]: CLIENT_ID,
    ...options.headers,
  };
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'include',
      cache: 'no-store',
      headers,
      body: file ?? (options.body !== undefined ? JSON.stringify(options.body) : null),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      statusCode: 0,
      message: 'We could not reach Assay. Please check your connection and try again.',
      kind: 'network',
    });
  }
  noteServerVersion(response.headers.get(APP_VERSION_HEADER));
  return response;
}

/** Reads a JSON body, or undefined when the answer is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
