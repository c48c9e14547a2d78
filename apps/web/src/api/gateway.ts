/** The gateway client: POST /api/gateway/query with `{ query, variables, operationName }`. */
import { GATEWAY_PATH } from '@assay/domain';
import { gatewayErrorToApiError, restBodyToApiError, unknownResponseError } from './errors.ts';
import { httpFetch, readJson } from './http.ts';

interface GatewayBody {
  data?: Record<string, unknown> | null;
  errors?: { message?: unknown }[];
}

function findErrors(body: GatewayBody): { message?: unknown }[] | undefined {
  if (body.errors?.length) return body.errors;
  // Some mutations report errors inside data (data.errors, data.createInvites.errors).
  const data = body.data as Record<string, { errors?: { message?: unknown }[] } | unknown> | null;
  const nested = data?.errors as { message?: unknown }[] | undefined;
  if (Array.isArray(nested) && nested.length) return nested;
  const invites = (data?.createInvites as { errors?: { message?: unknown }[] } | undefined)?.errors;
  if (Array.isArray(invites) && invites.length) return invites;
  return undefined;
}

/** Runs a gateway operation; throws an ApiError for the first error it reports. */
export async function gatewayRequest<T>(
  query: string,
  variables?: Record<string, unknown>,
  options: { operationName?: string; signal?: AbortSignal; projectId?: string } = {},
): Promise<T> {
  const response = await httpFetch(GATEWAY_PATH, {
    method: 'POST',
    body: { query, variables: variables ?? {}, operationName: options.operationName ?? null },
    signal: options.signal,
    projectId: options.projectId,
  });
  const body = (await readJson(response)) as GatewayBody | undefined | null;
  if (body === undefined || body === null || typeof body !== 'object') {
    throw unknownResponseError(response.status);
  }
  const errors = findErrors(body);
  if (errors?.[0]) throw gatewayErrorToApiError(errors[0], response.status);
  // Refused before the gateway ran (input no field can hold): the catalogue's REST body.
  if (!response.ok && 'statusCode' in body && 'message' in body)
    throw restBodyToApiError(body, response.status);
  if (!response.ok || !body.data) throw unknownResponseError(response.status);
  return body.data as T;
}
