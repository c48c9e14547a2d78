/**
 * Structured answers from an OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp
 * server): `POST {base}/chat/completions` asking for JSON that matches a schema (`response_format`
 * json_schema, derived from the zod schema). The answer is validated with zod; an invalid one is
 * sent back with the validation error and asked again, up to the attempts allowed. Every call has
 * a timeout and honours the caller's cancellation.
 */
import {
  AiError,
  checkAnswer,
  gaveUp,
  jsonSchemaOf,
  type StructuredClient,
  type StructuredRequest,
} from './structured.ts';

export { AiError, type StructuredClient, type StructuredRequest } from './structured.ts';

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
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
              schema: jsonSchemaOf(request.schema),
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
        const checked = checkAnswer(content, request.schema);
        if (checked.ok) return checked.value;
        problem = checked.problem;
        messages.push(
          { role: 'assistant', content },
          {
            role: 'user',
            content: checked.notJson
              ? 'That was not valid JSON. Answer again with JSON only.'
              : `That answer did not match the schema (${problem}). Answer again with JSON that matches it.`,
          },
        );
      }
      throw gaveUp(attempts, problem);
    },
  };
}
