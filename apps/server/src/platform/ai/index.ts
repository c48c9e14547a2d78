/** The AI agent's provider: the OpenAI-compatible endpoint when configured, else the built-in generator. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createBuiltinProvider } from './builtin/generator.ts';
import { createLlmProvider } from './llm.ts';
import { createOpenAiClient } from './openai.ts';
import type { AiProvider } from './provider.ts';

export type { AiProvider } from './provider.ts';

export function createAiProvider(config: Config, logger: FastifyBaseLogger): AiProvider {
  const builtin = createBuiltinProvider();
  if (!config.ai) return builtin;
  return createLlmProvider(createOpenAiClient(config.ai), builtin, logger);
}
