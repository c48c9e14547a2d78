/**
 * Whether a request changes something: any method but GET, HEAD and OPTIONS — except the gateway,
 * where one POST carries a query or a mutation and only a mutation writes. The gateway says which
 * before it runs the operation; the member check reads it (a read-only organisation, #30).
 */
import type { FastifyRequest } from 'fastify';

const gatewayOperations = new WeakMap<FastifyRequest, 'query' | 'mutation'>();

export function noteGatewayOperation(request: FastifyRequest, type: 'query' | 'mutation') {
  gatewayOperations.set(request, type);
}

export function isWriteRequest(request: FastifyRequest): boolean {
  const operation = gatewayOperations.get(request);
  if (operation) return operation === 'mutation';
  return !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
}
