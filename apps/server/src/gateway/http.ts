/**
 * GraphQL over HTTP (the draft spec graphql-http audits): media-type negotiation, request
 * parameter checks, status codes per accepted media type, then the cached engine.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, Kind, type ExecutionResult, type OperationDefinitionNode } from 'graphql';
import { ERRORS } from '@assay/domain';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../platform/db/outage.ts';
import { noteGatewayOperation } from '../http/write-requests.ts';
import type { GatewayEngine } from './engine.ts';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const JSON_TYPE = 'application/json';
type MediaType = typeof GRAPHQL_RESPONSE | typeof JSON_TYPE;

/** The accepted response media type, or null when the client accepts none we speak. */
export function negotiateMediaType(accept: string | undefined): MediaType | null {
  if (!accept) return JSON_TYPE;
  for (const entry of accept.replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType, ...parameters] = entry.split(';');
    const charset = parameters.find((p) => p.startsWith('charset=')) ?? 'charset=utf-8';
    if (charset !== 'charset=utf-8' && charset !== 'charset=utf8') continue;
    if (mediaType === GRAPHQL_RESPONSE) return GRAPHQL_RESPONSE;
    if (mediaType === JSON_TYPE || mediaType === 'application/*' || mediaType === '*/*') {
      return JSON_TYPE;
    }
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface RequestParameters {
  query: string;
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
}

function readParameters(body: unknown): RequestParameters | string {
  if (!isPlainObject(body)) return 'The request body must be a JSON object.';
  const { query, operationName, variables, extensions } = body;
  if (typeof query !== 'string') return 'Missing query: {query} must be a string.';
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return 'Invalid operationName: it must be a string or null.';
  }
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) {
    return 'Invalid variables: they must be a map or null.';
  }
  if (extensions !== undefined && extensions !== null && !isPlainObject(extensions)) {
    return 'Invalid extensions: they must be a map or null.';
  }
  return {
    query,
    operationName: typeof operationName === 'string' ? operationName : undefined,
    variables: isPlainObject(variables) ? variables : undefined,
  };
}

/**
 * An operation's metric name: its root fields as the schema names them (client-chosen operation
 * names and aliases would let anyone grow the label set without bound).
 */
function rootFieldsOf(operation: OperationDefinitionNode): string {
  let name = operationNames.get(operation);
  if (name === undefined) {
    const names = operation.selectionSet.selections.map((s) =>
      s.kind === Kind.FIELD ? s.name.value : '…',
    );
    name = [...new Set(names)].slice(0, 3).join(',') || 'none';
    operationNames.set(operation, name);
  }
  return name;
}
/** By operation: the engine keeps parsed documents, so a query asked again has its name ready. */
const operationNames = new WeakMap<OperationDefinitionNode, string>();

export interface GatewayHandlerOptions {
  engine: GatewayEngine;
  context(request: FastifyRequest, reply: FastifyReply): unknown;
  formatError(error: GraphQLError): GraphQLError | Error;
  /** Told of each operation run (name, query or mutation, no errors), for metrics. */
  onOperation?(labels: { operation: string; type: string; ok: boolean }, seconds: number): void;
}

export function createGatewayHandler(options: GatewayHandlerOptions) {
  const { engine, formatError } = options;

  const send = (
    reply: FastifyReply,
    mediaType: MediaType,
    result: ExecutionResult,
    requestError: boolean,
  ) => {
    // application/json answers 200 even for request errors; the newer media type answers 400.
    let status = requestError && mediaType === GRAPHQL_RESPONSE ? 400 : 200;
    const errors = result.errors?.map((e) => formatError(e) as GraphQLError);
    const body: ExecutionResult = errors ? { ...result, errors } : result;
    // The database out of reach (503) is no answer at all: the status says so, and when to retry.
    if (errors?.some((e) => e.extensions?.ref === ERRORS.databaseUnavailable.ref)) {
      status = 503;
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
    }
    // The answer is returned for Fastify to send, not sent here: an async handler that returns
    // the reply makes Fastify wait on it as a promise until the socket has written it.
    reply.status(status).header('content-type', `${mediaType}; charset=utf-8`);
    return JSON.stringify(body);
  };

  return async function gatewayHandler(request: FastifyRequest, reply: FastifyReply) {
    const mediaType = negotiateMediaType(request.headers.accept);
    if (!mediaType) {
      return reply
        .status(406)
        .header('accept', `${GRAPHQL_RESPONSE}; charset=utf-8, ${JSON_TYPE}; charset=utf-8`)
        .send();
    }
    const parameters = readParameters(request.body);
    if (typeof parameters === 'string') {
      return reply
        .status(400)
        .header('content-type', `${mediaType}; charset=utf-8`)
        .send(JSON.stringify({ errors: [{ message: parameters }] }));
    }

    let document;
    try {
      document = engine.parse(parameters.query);
    } catch (error) {
      if (error instanceof GraphQLError) return send(reply, mediaType, { errors: [error] }, true);
      throw error;
    }
    const validationErrors = engine.validate(document);
    if (validationErrors.length > 0) {
      return send(reply, mediaType, { errors: validationErrors }, true);
    }
    const operation = engine.operation(document, parameters.operationName);
    if (!operation) {
      const error = new GraphQLError('Unable to detect the operation to run.');
      return send(reply, mediaType, { errors: [error] }, true);
    }
    if (operation.operation === 'subscription') {
      const error = new GraphQLError('Subscriptions go through the realtime channels, not here.');
      return send(reply, mediaType, { errors: [error] }, true);
    }
    noteGatewayOperation(request, operation.operation);
    const started = performance.now();
    const result = await engine.execute({
      document,
      operationName: parameters.operationName,
      variables: parameters.variables,
      context: options.context(request, reply),
    });
    options.onOperation?.(
      {
        operation: rootFieldsOf(operation),
        type: operation.operation,
        ok: !result.errors?.length,
      },
      (performance.now() - started) / 1000,
    );
    // No data entry means the operation never ran (variables failed to coerce).
    return send(reply, mediaType, result, !('data' in result) || result.data === undefined);
  };
}
