/**
 * Structured answers from the Anthropic Messages API through its official SDK, with a
 * configurable base URL (the API itself, a gateway, or a local server speaking the protocol).
 * The answer's schema is offered as the one tool the model must call (`tool_choice` forces it),
 * which is how the API returns JSON that follows a schema; the tool's input is validated with
 * zod, and an invalid one goes back as an error `tool_result` so the model corrects itself, up
 * to the attempts allowed. The SDK's own retries are off: the provider falls back instead.
 */
import type Anthropic from '@anthropic-ai/sdk';
import {
  AiError,
  checkValue,
  gaveUp,
  jsonSchemaOf,
  type StructuredClient,
  type StructuredRequest,
} from './structured.ts';

type Message = Anthropic.MessageParam;

/** The largest answer asked for: a whole first project fits in well under this. */
const MAX_TOKENS = 8192;

type Sdk = typeof Anthropic;
let sdk: Promise<Sdk> | undefined;
/** The SDK loads with the first call: a server that never calls Anthropic does not hold it. */
function loadSdk(): Promise<Sdk> {
  sdk ??= import('@anthropic-ai/sdk').then((module) => module.default);
  return sdk;
}

function asAiError(Anthropic: Sdk, error: unknown, signal: AbortSignal | undefined): AiError {
  if (error instanceof AiError) return error;
  if (signal?.aborted || error instanceof Anthropic.APIUserAbortError) {
    return new AiError('The generation was cancelled.', 'cancelled');
  }
  if (error instanceof Anthropic.APIConnectionTimeoutError) {
    return new AiError('The AI service took too long to answer.', 'timeout');
  }
  if (error instanceof Anthropic.APIError && error.status !== undefined) {
    const detail = error.message.slice(0, 300);
    return new AiError(
      error.status === 429
        ? `The AI service is busy (rate limited): ${detail}`
        : `The AI service answered ${error.status}: ${detail}`,
      'http',
      error.status,
    );
  }
  return new AiError(`The AI service could not be reached: ${(error as Error).message}`, 'http');
}

export function createAnthropicClient(settings: {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}): StructuredClient {
  let client: Anthropic | undefined;

  return {
    kind: 'anthropic',
    async generate<T>(request: StructuredRequest<T>): Promise<T> {
      const AnthropicSdk = await loadSdk();
      client ??= new AnthropicSdk({
        baseURL: settings.baseUrl,
        apiKey: settings.apiKey ?? 'not-set',
        timeout: settings.timeoutMs,
        maxRetries: 0,
      });
      const attempts = Math.max(1, request.attempts ?? 3);
      const tool: Anthropic.Tool = {
        name: request.name,
        description: 'Give your answer by calling this tool with JSON that follows its schema.',
        input_schema: jsonSchemaOf(request.schema) as Anthropic.Tool.InputSchema,
      };
      const messages: Message[] = [{ role: 'user', content: request.prompt }];
      let problem = '';
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        let reply: Anthropic.Message;
        try {
          reply = await client.messages.create(
            {
              model: settings.model,
              max_tokens: MAX_TOKENS,
              system: request.system,
              messages,
              tools: [tool],
              tool_choice: { type: 'tool', name: request.name },
            },
            request.signal ? { signal: request.signal } : {},
          );
        } catch (error) {
          throw asAiError(AnthropicSdk, error, request.signal);
        }
        const call = reply.content.find(
          (block): block is Anthropic.ToolUseBlock =>
            block.type === 'tool_use' && block.name === request.name,
        );
        if (!call) {
          problem = `the answer did not call the ${request.name} tool`;
          const text = reply.content
            .filter((block): block is Anthropic.TextBlock => block.type === 'text')
            .map((block) => block.text)
            .join('\n');
          messages.push(
            { role: 'assistant', content: text || '(no answer)' },
            { role: 'user', content: `Answer by calling the ${request.name} tool.` },
          );
          continue;
        }
        const checked = checkValue(call.input, request.schema);
        if (checked.ok) return checked.value;
        problem = checked.problem;
        messages.push(
          { role: 'assistant', content: [call] },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: call.id,
                is_error: true,
                content: `That input did not match the schema (${problem}). Call the tool again with input that matches it.`,
              },
            ],
          },
        );
      }
      throw gaveUp(attempts, problem);
    },
  };
}
