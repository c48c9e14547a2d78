/**
 * What every model client shares: the structured request (a prompt and the zod schema its answer
 * must match), the client interface, and the errors a provider falls back on. The clients —
 * OpenAI-compatible (`openai.ts`), Anthropic (`anthropic.ts`) and a local GGUF model
 * (`local.ts`) — each validate the answer with zod and ask again with the validation error, up to
 * the attempts allowed.
 */
import { z } from 'zod';

export class AiError extends Error {
  readonly kind: 'http' | 'invalid' | 'timeout' | 'cancelled' | 'unavailable';
  readonly status: number | undefined;

  constructor(message: string, kind: AiError['kind'], status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.name = 'AiError';
  }
}

export interface StructuredRequest<T> {
  /** A short name for the answer's schema (letters, digits, underscores). */
  name: string;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  signal?: AbortSignal;
  temperature?: number;
}

export type ModelKind = 'openai' | 'anthropic' | 'local';

export interface StructuredClient {
  readonly kind: ModelKind;
  generate<T>(request: StructuredRequest<T>): Promise<T>;
}

/** Strips a ```json fence some local models wrap their answer in. */
export function unfence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match?.[1] ?? text;
}

/** A zod error in one line a model can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** The request's schema as JSON Schema (draft 7), as the APIs take it. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
}

/** Parses and validates a text answer: the value, or the problem to send back. */
export function checkAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string; notJson: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfence(text));
  } catch {
    return { ok: false, problem: 'the answer was not JSON', notJson: true };
  }
  return checkValue(parsed, schema);
}

export function checkValue<T>(
  value: unknown,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string; notJson: boolean } {
  const checked = schema.safeParse(value);
  return checked.success
    ? { ok: true, value: checked.data }
    : { ok: false, problem: describeIssues(checked.error), notJson: false };
}

export function gaveUp(attempts: number, problem: string): AiError {
  return new AiError(`The AI answer did not match after ${attempts} tries: ${problem}`, 'invalid');
}
