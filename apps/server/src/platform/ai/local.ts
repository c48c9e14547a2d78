/**
 * Structured answers from a local GGUF model (`AI_LOCAL_MODEL=/path/model.gguf`) through
 * node-llama-cpp, an optional dependency whose prebuilt CPU binary comes from the npm registry.
 * The answer is constrained while it is generated: the request's schema becomes a llama.cpp
 * grammar, so the model can only write JSON of that shape; zod then checks what a grammar cannot
 * (refinements), and a failing answer is sent back in the same chat to be corrected.
 *
 * One model and one context are loaded on first use and kept; requests take turns on the
 * context's one sequence (a local CPU model answers one request at a time), and a new chat per
 * request reuses the evaluated system prompt where it is the same.
 */
import type * as NodeLlamaCpp from 'node-llama-cpp';
import type { Llama, LlamaContext, LlamaContextSequence, LlamaModel } from 'node-llama-cpp';
import {
  AiError,
  checkValue,
  gaveUp,
  jsonSchemaOf,
  type StructuredClient,
  type StructuredRequest,
} from './structured.ts';

/** Longest string the grammar bounds (longer limits are left to zod: a grammar of 4,000 repeats is slow to build). */
const GRAMMAR_MAX_LENGTH = 300;
const MAX_TOKENS = 4096;

type JsonSchema = Record<string, unknown>;
type Runtime = typeof NodeLlamaCpp;

/**
 * A JSON Schema (draft 7, as zod writes it) in the subset node-llama-cpp turns into a grammar:
 * `anyOf` and type lists become `oneOf`, keywords it does not read are dropped, long string
 * limits are left to the zod check.
 */
export function toGrammarSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toGrammarSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as JsonSchema;
  if (Array.isArray(source.type)) {
    const { type, ...rest } = source;
    return {
      oneOf: (type as string[]).map((t) => toGrammarSchema({ ...rest, type: t })),
    };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    switch (key) {
      case '$schema':
      case 'required':
      case 'default':
      case 'pattern':
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'title': // the keyword; a property named "title" lives under `properties`
        break;
      case 'anyOf':
        out.oneOf = toGrammarSchema(value);
        break;
      case 'maxLength':
        if (typeof value === 'number' && value <= GRAMMAR_MAX_LENGTH) out.maxLength = value;
        break;
      case 'properties':
        out.properties = Object.fromEntries(
          Object.entries(value as JsonSchema).map(([k, v]) => [k, toGrammarSchema(v)]),
        );
        break;
      default:
        out[key] = toGrammarSchema(value);
    }
  }
  return out;
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
}

interface LocalSettings {
  modelPath: string;
  contextSize: number;
  threads?: number | undefined;
  timeoutMs: number;
}

async function load({ modelPath, contextSize, threads }: LocalSettings): Promise<Loaded> {
  let runtime: Runtime;
  try {
    runtime = await import('node-llama-cpp');
  } catch (error) {
    throw new AiError(
      `The local model runtime (node-llama-cpp) is not installed: run npm install with optional dependencies (${(error as Error).message})`,
      'unavailable',
    );
  }
  try {
    const llama = await runtime.getLlama({ gpu: false, build: 'never', progressLogs: false });
    const model = await llama.loadModel({ modelPath });
    const context = await model.createContext({
      contextSize: { max: contextSize },
      sequences: 1,
      ...(threads ? { threads } : {}),
    });
    return { llama, model, context, sequence: context.getSequence() };
  } catch (error) {
    throw new AiError(
      `The local model at ${modelPath} could not be loaded: ${(error as Error).message}`,
      'unavailable',
    );
  }
}

export interface LocalClient extends StructuredClient {
  close(): Promise<void>;
}

export function createLocalClient(settings: LocalSettings): LocalClient {
  let loading: Promise<Loaded> | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  const loaded = () => {
    loading ??= load(settings);
    // a failed load is tried again on the next request (the file may have been fixed)
    loading.catch(() => (loading = undefined));
    return loading;
  };

  const run = async <T>(request: StructuredRequest<T>): Promise<T> => {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const stopped = () =>
      request.signal?.aborted
        ? new AiError('The generation was cancelled.', 'cancelled')
        : new AiError('The local model took too long to answer.', 'timeout');
    if (signal.aborted) throw stopped();
    // a model file that reads forever (a broken header) is bounded by the same time limit
    const { llama, sequence } = await new Promise<Loaded>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(stopped()), { once: true });
      loaded().then(resolve, reject);
    });
    const runtime = await import('node-llama-cpp');
    const jsonSchema = jsonSchemaOf(request.schema);
    const grammar = await llama.createGrammarForJsonSchema(
      toGrammarSchema(jsonSchema) as Parameters<Llama['createGrammarForJsonSchema']>[0],
    );
    const session = new runtime.LlamaChatSession({
      contextSequence: sequence,
      autoDisposeSequence: false,
      systemPrompt: `${request.system}\n\nAnswer with JSON only, following this JSON schema:\n${JSON.stringify(jsonSchema)}`,
    });
    try {
      const attempts = Math.max(1, request.attempts ?? 3);
      let prompt = request.prompt;
      let problem = '';
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        const text = await session.prompt(prompt, {
          grammar,
          maxTokens: MAX_TOKENS,
          temperature: request.temperature ?? 0.4,
          signal,
        });
        let parsed: unknown;
        try {
          parsed = grammar.parse(text);
        } catch {
          problem = 'the answer was not complete JSON (the model stopped early)';
          prompt = 'That answer was cut off. Answer again, shorter, with complete JSON.';
          continue;
        }
        const checked = checkValue(parsed, request.schema);
        if (checked.ok) return checked.value;
        problem = checked.problem;
        prompt = `That answer did not match the schema (${problem}). Answer again with JSON that matches it.`;
      }
      throw gaveUp(attempts, problem);
    } catch (error) {
      if (error instanceof AiError) throw error;
      if (signal.aborted) throw stopped();
      throw new AiError(`The local model failed: ${(error as Error).message}`, 'http');
    } finally {
      session.dispose();
    }
  };

  return {
    kind: 'local',
    generate<T>(request: StructuredRequest<T>): Promise<T> {
      const result = turn.then(() => run(request));
      turn = result.catch(() => undefined);
      return result;
    },
    async close() {
      const current = loading;
      loading = undefined;
      if (!current) return;
      const done = await current.catch(() => undefined);
      if (done) {
        await done.context.dispose();
        await done.model.dispose();
        await done.llama.dispose();
      }
    },
  };
}
