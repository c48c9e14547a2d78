/**
 * Structured answers from an OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp
 * server): `POST {base}/chat/completions` asking for JSON that matches a schema (`response_format`
 * json_schema, derived from the zod schema). The answer is validated with zod; an invalid one is
 * sent back with the validation error and asked again, up to the attempts allowed. Every call has
 * a timeout and honours the caller's cancellation.
 */
import { z } from 'zod';

export class AiError extends Error {
  constructor(
    message: string,
    readonly kind: 'http' | 'invalid' | 'timeout' | 'cancelled',
    readonly status?: number,
  ) {
    super(message);
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

export interface StructuredClient {
  readonly kind: 'openai' | 'builtin';
  generate<T>(request: StructuredRequest<T>): Promise<T>;
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Strips a ```json fence some local models wrap their answer in. */
function unfence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match?.[1] ?? text;
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

export function createOpenAiClient(settings: {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}): StructuredClient {
  const call = async (messages: ChatMessage[], request: StructuredRequest<unknown>) => {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          messages,
          temperature: request.temperature ?? 0.4,
          response_format: {
            type: 'json_schema',
            json_schema: {
              name: request.name,
              strict: true,
              schema: z.toJSONSchema(request.schema, { target: 'draft-7' }),
            },
          },
        }),
        signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw new AiError('The generation was cancelled.', 'cancelled');
      if (timeout.aborted) throw new AiError('The AI service took too long to answer.', 'timeout');
      throw new AiError(`The AI service could not be reached: ${(error as Error).message}`, 'http');
    }
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 300);
      throw new AiError(
        response.status === 429
          ? `The AI service is busy (rate limited): ${detail}`
          : `The AI service answered ${response.status}: ${detail}`,
        'http',
        response.status,
      );
    }
    const body = (await response.json()) as {
      choices?: { message?: { content?: string | null } }[];
    };
    return body.choices?.[0]?.message?.content ?? '';
  };

  return {
    kind: 'openai',
    async generate<T>(request: StructuredRequest<T>): Promise<T> {
      const attempts = Math.max(1, request.attempts ?? 3);
      const messages: ChatMessage[] = [
        { role: 'system', content: request.system },
        { role: 'user', content: request.prompt },
      ];
      let problem = '';
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        const content = await call(messages, request as StructuredRequest<unknown>);
        let parsed: unknown;
        try {
          parsed = JSON.parse(unfence(content));
        } catch {
          problem = 'the answer was not JSON';
          messages.push(
            { role: 'assistant', content },
            { role: 'user', content: 'That was not valid JSON. Answer again with JSON only.' },
          );
          continue;
        }
        const checked = request.schema.safeParse(parsed);
        if (checked.success) return checked.data;
        problem = describe(checked.error);
        messages.push(
          { role: 'assistant', content },
          {
            role: 'user',
            content: `That answer did not match the schema (${problem}). Answer again with JSON that matches it.`,
          },
        );
      }
      throw new AiError(
        `The AI answer did not match after ${attempts} tries: ${problem}`,
        'invalid',
      );
    },
  };
}
