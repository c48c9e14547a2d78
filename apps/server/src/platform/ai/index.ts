/**
 * The AI agent's provider: the configured model (an OpenAI-compatible endpoint, the Anthropic
 * API, or a local GGUF file) with the built-in generator as its fallback, else the built-in
 * generator alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createAnthropicClient } from './anthropic.ts';
import { createBuiltinProvider } from './builtin/generator.ts';
import { createLlmProvider } from './llm.ts';
import { createLocalClient } from './local.ts';
import { createOpenAiClient } from './openai.ts';
import type { AiProvider } from './provider.ts';

export type { AiProvider } from './provider.ts';

export function createAiProvider(config: Config, logger: FastifyBaseLogger): AiProvider {
  const builtin = createBuiltinProvider();
  const ai = config.ai;
  if (!ai) return builtin;
  if (ai.kind === 'local') {
    const client = createLocalClient(ai);
    return { ...createLlmProvider(client, builtin, logger), close: () => client.close() };
  }
  const client = ai.kind === 'anthropic' ? createAnthropicClient(ai) : createOpenAiClient(ai);
  return createLlmProvider(client, builtin, logger);
}
