/**
 * A REST route that declares what it takes and answers (ARCHITECTURE §6, issue #27): params,
 * query, body and answer as zod schemas from packages/domain, given once. The same declaration
 * types the handler, checks the input (through fastify-type-provider-zod's validator) and becomes
 * the route's operation in the OpenAPI document (@fastify/swagger).
 *
 * Who is calling is settled before what they sent: a refused input is kept on the request
 * (attachValidation) and thrown as the catalogue's 400 only when the handler asks for its input,
 * after its permission check — so a stranger learns nothing about a route's shapes, and every
 * refusal keeps the order the authorisation matrix tests.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '@assay/domain';
import { SECURITY, tagOf } from './openapi/document.ts';
import { PreparedJson, sendPrepared } from './prepared.ts';
import type { RouteAuth } from './openapi/route-doc.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Shape = z.ZodType;
type Nothing = z.ZodObject<Record<never, never>>;

/** What a handler gets: the request, the reply, and its input once it is allowed to ask. */
export interface RouteCall<P extends Shape, Q extends Shape, B extends Shape> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The checked params, query and body; the catalogue's 400 when any is wrong. */
  input(): { params: z.output<P>; query: z.output<Q>; body: z.output<B> };
}

export interface RouteSpec<P extends Shape, Q extends Shape, B extends Shape, R extends Shape> {
  method: Method;
  url: string;
  /** One line: what the route is for (the OpenAPI summary). */
  summary: string;
  /** What proves who calls. */
  auth: RouteAuth;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer's shape (checked against every answer while the tests run). */
  answer: R;
  /**
   * 'useCase': a body the schema refuses is passed on as sent, for the use case to refuse with
   * the same schema after its own policy check (a role, or the thing's existence) — so a caller
   * who may not act hears 403 or 404 before hearing what was wrong with the body.
   */
  bodyCheckedBy?: 'useCase';
  /** The largest body taken, in bytes, when not Fastify's default. */
  bodyLimit?: number;
  /** The answer's status when it is not 200 (201 made, 202 accepted, 204 nothing, 303 elsewhere). */
  status?: 200 | 201 | 202 | 204 | 303;
  /** A handler answers its shape, or sends a file itself through the reply. */
  handler(call: RouteCall<P, Q, B>): Promise<z.input<R> | FastifyReply | PreparedJson>;
}

/** True while the test suite runs: answers are checked against their declared shape. */
const checkAnswers = Boolean(process.env.VITEST);

/**
 * Answers go out as they are (never stripped to the declared shape, so a field the schema does not
 * name still reaches the client); under test each must match its shape, so a declaration that
 * drifts from the code fails a test instead of misleading a reader of the API document.
 */
function answerSerializer({
  schema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}) {
  return (data: unknown) => {
    checkAnswer(schema as Shape, method, url, data);
    return JSON.stringify(data);
  };
}

function checkAnswer(schema: Shape, method: string, url: string, data: unknown) {
  if (!checkAnswers) return;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Error(
      `${method} ${url} answered outside its declared shape: ${result.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(answer)'} ${issue.message}`)
        .join('; ')}`,
    );
  }
}

/** The catalogue's 400 for a refused input: the first problem's own message, as parse() gives. */
function refusal(error: Error & { validation?: { message?: string }[] }): AppError {
  return new AppError('validation', {
    message: error.validation?.[0]?.message ?? 'Please check the form.',
  });
}

/** Registers a declared route. */
export function route<
  P extends Shape = Nothing,
  Q extends Shape = Nothing,
  B extends Shape = Nothing,
  R extends Shape = Shape,
>(app: FastifyInstance, spec: RouteSpec<P, Q, B, R>): void {
  const options = {
    method: spec.method,
    url: spec.url,
    schema: {
      summary: spec.summary,
      tags: [tagOf(spec.url)],
      security: SECURITY[spec.auth],
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: { [spec.status ?? 200]: spec.answer },
    },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    attachValidation: true,
    validatorCompiler,
    serializerCompiler: answerSerializer,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (spec.status) reply.code(spec.status);
      const answer = await spec.handler({
        request,
        reply,
        input: () => {
          const error = request.validationError as
            (Error & { validationContext?: string }) | undefined;
          const deferred = error?.validationContext === 'body' && spec.bodyCheckedBy === 'useCase';
          if (error && !deferred) throw refusal(error);
          return request as unknown as {
            params: z.output<P>;
            query: z.output<Q>;
            body: z.output<B>;
          };
        },
      });
      if (!(answer instanceof PreparedJson)) return answer;
      // Bytes made once for many requests: checked like any answer, sent as they are.
      if (checkAnswers)
        checkAnswer(spec.answer, spec.method, spec.url, JSON.parse(String(answer.body)));
      return sendPrepared(request, reply, answer);
    },
  };
  // The zod compilers are this route's own; other routes keep Fastify's.
  app.route(options as unknown as RouteOptions);
}
