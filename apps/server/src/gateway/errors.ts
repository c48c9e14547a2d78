/** One mapping from thrown errors to the gateway's error string. */
import { GraphQLError } from 'graphql';
import { AppError, ERRORS, formatGatewayError } from '@assay/domain';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, outageSummary } from '../platform/db/outage.ts';

/** Turns any error raised while executing into a client-safe GraphQLError (no stack, ever). */
export function maskGatewayError(error: unknown, logger: FastifyBaseLogger): Error {
  const graphqlError = error instanceof GraphQLError ? error : undefined;
  const original = graphqlError?.originalError ?? error;
  const path = graphqlError?.path;

  if (!(original instanceof AppError) && isDatabaseUnavailable(original)) {
    // A database restart or failover: the catalogue's 503, and the answer's status says so.
    logger.warn({ outage: outageSummary(original), path: path?.join('.') }, 'database unavailable');
    return maskGatewayError(
      new GraphQLError(graphqlError?.message ?? 'database unavailable', {
        ...(graphqlError?.nodes ? { nodes: graphqlError.nodes } : {}),
        ...(path ? { path } : {}),
        originalError: new AppError('databaseUnavailable'),
      }),
      logger,
    );
  }
  if (original instanceof AppError) {
    return new GraphQLError(
      formatGatewayError({
        statusCode: original.statusCode,
        message: original.message,
        ref: original.ref,
        context: original.context,
        path,
      }),
      {
        ...(graphqlError?.nodes ? { nodes: graphqlError.nodes } : {}),
        ...(path ? { path } : {}),
        extensions: { code: original.code, statusCode: original.statusCode, ref: original.ref },
      },
    );
  }
  // Errors the GraphQL engine raised itself (syntax, validation, bad variables) are safe to show.
  if (
    graphqlError &&
    (!graphqlError.originalError || graphqlError.originalError instanceof GraphQLError)
  ) {
    return graphqlError;
  }
  logger.error({ err: original, path: path?.join('.') }, 'gateway resolver failed');
  const internal = ERRORS.internal;
  return new GraphQLError(
    formatGatewayError({
      statusCode: internal.status,
      message: internal.message,
      ref: internal.ref,
      path,
    }),
    {
      ...(path ? { path } : {}),
      extensions: { code: 'internal', statusCode: internal.status, ref: internal.ref },
    },
  );
}
