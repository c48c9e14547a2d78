import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findQuote, GENERATED_SECTIONS, interviewQuestionsSchema } from '@assay/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../../../test/app.ts';
import { tinyGguf, writeTinyGguf } from '../../../test/tiny-gguf.ts';
import { ConfigError } from '../../config.ts';
import { readEvidenceChecked } from '../../modules/generation/evidence-reading.ts';
import { createAiProvider } from './index.ts';
import { createLocalClient, toGrammarSchema } from './local.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'assay-gguf-'));
const modelPath = writeTinyGguf(path.join(folder, 'tiny.gguf'));
const brokenPath = path.join(folder, 'broken.gguf');
// a download cut short: the header and tensor list are whole, the weights are not
writeFileSync(brokenPath, tinyGguf().subarray(0, 40_000));

const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => warnings.push(args) } as never;
// one CPU thread: llama.cpp's spinning worker threads crawl on a busy two-core machine
const local = (file = modelPath) =>
  createAiProvider(testConfig({ AI_LOCAL_MODEL: file, AI_LOCAL_THREADS: '1' }), logger);
const provider = local();
afterAll(async () => {
  await provider.close?.();
  rmSync(folder, { recursive: true, force: true });
});

const brief = {
  name: 'Stockly',
  description: 'An inventory app for independent restaurant owners who waste hours counting stock.',
  language: 'en-US' as const,
  experiments: true,
};
const hypothesis = {
  title: 'Owners count stock by hand',
  section: 'customerSegments',
  description: '',
  project: brief,
};

describe('the JSON Schema a grammar is built from', () => {
  it('keeps what node-llama-cpp reads and turns unions into oneOf', () => {
    const schema = z.toJSONSchema(
      z.object({
        title: z.string().min(1).max(80),
        notes: z.string().max(4000),
        size: z.number().nullable(),
        tags: z
          .array(z.enum(['a', 'b']))
          .min(1)
          .max(3),
      }),
      { target: 'draft-7' },
    );
    expect(toGrammarSchema(schema)).toEqual({
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 80 },
        notes: { type: 'string' },
        size: { oneOf: [{ type: 'number' }, { type: 'null' }] },
        tags: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          items: { type: 'string', enum: ['a', 'b'] },
        },
      },
      additionalProperties: false,
    });
  });
});

describe('the local GGUF tier', () => {
  it('is chosen by AI_LOCAL_MODEL, and a missing file or both settings are refused at start', () => {
    expect(provider.name).toBe('local');
    expect(() => testConfig({ AI_LOCAL_MODEL: path.join(folder, 'none.gguf') })).toThrow(
      ConfigError,
    );
    expect(() =>
      testConfig({ AI_LOCAL_MODEL: modelPath, AI_BASE_URL: 'http://127.0.0.1:1/v1' }),
    ).toThrow(/set one of them/);
  });

  it('loads the model and answers with JSON the schema constrains while it is written', async () => {
    const questions = await provider.interviewQuestions(hypothesis);
    expect(questions).toMatchObject({ provider: 'local', fellBack: false });
    // this model writes the shortest JSON a schema allows: as many questions as required
    const minimum = z.toJSONSchema(interviewQuestionsSchema).properties?.questions as {
      minItems: number;
    };
    expect(questions.value.questions).toHaveLength(minimum.minItems);

    const draft = await provider.projectData(brief);
    expect(draft).toMatchObject({ provider: 'local', fellBack: false });
    expect(draft.value.hypotheses.length).toBeGreaterThan(0);
    for (const h of draft.value.hypotheses) expect(GENERATED_SECTIONS).toContain(h.section);
    expect(Object.keys(draft.value.dashboard).sort()).toEqual(
      ['description', 'problemStatement', 'solutionStatement', 'whoFor', 'whyNot', 'whyNow'].sort(),
    );
  });

  it('reads evidence like every tier: the quotes it writes are checked, and what is not there is dropped (#49)', async () => {
    const text =
      'Priya: My mom takes Arjun Monday to Thursday. Last month I paid a sitter $22 an hour for two days. Fridays I answer messages from the playground.';
    const checked = await readEvidenceChecked(provider, {
      language: 'en-US',
      project: { name: 'Nook', description: 'Coworking with childcare.' },
      hypotheses: [
        {
          id: 'h1',
          section: 'revenueStreams',
          title: 'Parents pay for backup care',
          description: '',
        },
      ],
      evidence: { type: 'interview', title: 'Priya', text },
    });
    expect(checked.provider).toBe('local');
    for (const s of checked.reading.suggestions) expect(findQuote(s.quote, text)).not.toBeNull();
    for (const i of checked.reading.insights) expect(findQuote(i.quote, text)).not.toBeNull();
    expect(checked.reading.insights.length).toBeGreaterThanOrEqual(3);
  });

  it('answers requests made at once one after another, each complete', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        provider.keyInsights({ text: 'She counts stock every Sunday.', language: 'en-US' }),
      ),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({ provider: 'local', fellBack: false });
      expect(answer.value.insights.length).toBeGreaterThan(0);
    }
  });

  it('asks again when zod refuses what the grammar allowed, then gives up', async () => {
    const client = createLocalClient({
      modelPath,
      contextSize: 2048,
      threads: 1,
      timeoutMs: 60_000,
    });
    try {
      const schema = z.object({
        questions: z
          .array(z.string())
          .min(1)
          .refine((all) => all.every((q) => q.endsWith('?')), 'every question ends with "?"'),
      });
      await expect(
        client.generate({ name: 'questions', system: 'Ask.', prompt: 'Go.', schema, attempts: 2 }),
      ).rejects.toMatchObject({
        kind: 'invalid',
        message: expect.stringMatching(/after 2 tries: questions: every question ends with "\?"/),
      });
      const cancelled = new AbortController();
      cancelled.abort();
      await expect(
        client.generate({
          name: 'questions',
          system: 'Ask.',
          prompt: 'Go.',
          schema,
          signal: cancelled.signal,
        }),
      ).rejects.toMatchObject({ kind: 'cancelled' });
    } finally {
      await client.close();
    }
  });

  it('falls back to the built-in generator with a notice when the model cannot be loaded', async () => {
    const broken = local(brokenPath);
    warnings.length = 0;
    const answer = await broken.keyInsights({
      text: 'She counts stock for four hours every Sunday.',
      language: 'en-US',
    });
    expect(answer).toMatchObject({ provider: 'builtin', fellBack: true });
    expect(answer.value.insights[0]).toMatch(/four hours/);
    const [[logged]] = warnings as [[{ err: Error }]];
    expect(logged.err.message).toMatch(/could not be loaded/);
    await broken.close?.();
  });
});

describe('a model file that cannot be read', () => {
  it('is bounded by the time limit: the answer falls back instead of waiting forever', async () => {
    const garbage = path.join(folder, 'garbage.gguf');
    writeFileSync(garbage, Buffer.from('GGUF this is not a model'));
    const stuck = createAiProvider(
      testConfig({ AI_LOCAL_MODEL: garbage, AI_LOCAL_THREADS: '1', AI_TIMEOUT_MS: '1500' }),
      logger,
    );
    const answer = await stuck.keyInsights({ text: 'It costs her $40 a week.', language: 'en-US' });
    expect(answer).toMatchObject({ provider: 'builtin', fellBack: true });
  });
});
