/**
 * The AI agent from the command line, through the provider the server would use (built-in unless
 * AI_BASE_URL or AI_LOCAL_MODEL is set) and its own calls, so the evaluation set measures what the app does:
 *
 *   npm run -s ai:draft -- --language <code> [--name "<name>"] < description.txt
 *   npm run -s ai:insights -- --language <code> < interview-notes.txt
 *   npm run -s ai:connect -- --language <code> < {"project","hypotheses","evidence"} (JSON)
 *
 * One JSON object goes to stdout; logs go to stderr.
 */
import Fastify from 'fastify';
import { evidenceReadingInputSchema, LANGUAGES, type Language } from '@assay/domain';
import { loadConfig } from '../src/config.ts';
import { draftProject } from '../src/modules/generation/draft.ts';
import { readEvidenceChecked } from '../src/modules/generation/evidence-reading.ts';
import { createAiProvider } from '../src/platform/ai/index.ts';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const [task, ...args] = process.argv.slice(2);
  const language = (option(args, 'language') ?? 'en-US') as Language;
  if (!LANGUAGES.includes(language)) {
    throw new Error(`--language must be one of ${LANGUAGES.join(', ')}`);
  }
  // Fastify's logger (pino) writing to stderr: stdout carries the answer only.
  const logger = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn', stream: process.stderr },
  }).log;
  const ai = createAiProvider(loadConfig(), logger);
  const text = (await readStdin()).trim();
  try {
    if (task === 'draft') {
      const name = option(args, 'name') ?? '';
      return await draftProject(ai, { name, description: text, language, experiments: true });
    }
    if (task === 'connect') {
      // The same path as the app: the provider reads, then every quote is checked (#49).
      const input = evidenceReadingInputSchema.parse(JSON.parse(text));
      const checked = await readEvidenceChecked(ai, { ...input, language });
      if (checked.dropped > 0)
        logger.warn({ dropped: checked.dropped }, 'quotes not found in the evidence were dropped');
      return checked.reading;
    }
    if (task === 'insights') {
      const answer = await ai.keyInsights({ text, language });
      return { insights: answer.value.insights };
    }
    throw new Error('usage: ai.ts draft|insights|connect --language <code> [--name <name>] < text');
  } finally {
    await ai.close?.();
  }
}

main().then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
