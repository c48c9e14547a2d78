import { afterAll, describe, expect, it } from 'vitest';
import { LLM_FIXTURES, startFakeLlm } from '../../../test/fake-llm.ts';
import { testConfig } from '../../../test/app.ts';
import { createAiProvider } from './index.ts';
import { AiError } from './openai.ts';

const fake = await startFakeLlm(LLM_FIXTURES);
afterAll(() => fake.close());

const logger = { warn: () => undefined } as never;
const provider = (timeoutMs = 2000) =>
  createAiProvider(
    testConfig({
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: String(timeoutMs),
    }),
    logger,
  );
const brief = {
  name: 'Stockly',
  description: 'An inventory app for independent restaurant owners who waste hours counting stock.',
  language: 'es-US' as const,
  context: 'We only serve Texas.',
  experiments: true,
};

describe('the LLM provider', () => {
  it('is the built-in generator when no endpoint is configured', () => {
    expect(createAiProvider(testConfig(), logger).name).toBe('builtin');
  });

  it('asks the endpoint with the schema, language and organisation context, and returns the validated answer', async () => {
    fake.requests.length = 0;
    const answer = await provider().projectData(brief);
    expect(answer).toMatchObject({ provider: 'openai', fellBack: false });
    expect(answer.value.hypotheses).toHaveLength(3);
    const request = fake.requests[0]!;
    expect(request.schemaName).toBe('project_data');
    expect(request.messages[0]!.content).toMatch(/Never invent statistics/);
    expect(request.messages[1]!.content).toMatch(/Español \(US\)/);
    expect(request.messages[1]!.content).toMatch(/We only serve Texas/);
  });

  it('sends an invalid answer back with the error and takes the corrected one', async () => {
    fake.requests.length = 0;
    fake.script.push(
      { raw: 'not json at all' },
      { raw: JSON.stringify({ questions: ['too few'] }) },
    );
    const answer = await provider().interviewQuestions({
      title: 'Owners count by hand',
      section: 'customerSegments',
      description: '',
      project: brief,
    });
    expect(answer).toMatchObject({ provider: 'openai', fellBack: false });
    expect(answer.value.questions).toEqual(LLM_FIXTURES.interview_questions.questions);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]!.messages.at(-1)!.content).toMatch(/did not match the schema/);
  });

  it('falls back to the built-in generator on HTTP 429 and 500 and on a timeout, and says so', async () => {
    fake.script.push({ status: 429, body: '{"error":"rate limited"}' });
    const limited = await provider().marketData(brief);
    expect(limited).toMatchObject({ provider: 'builtin', fellBack: true });
    expect(limited.value.notes).toMatch(/TAM/);
    fake.script.push({ status: 500, body: 'boom' });
    const broken = await provider().projectData(brief);
    expect(broken.fellBack).toBe(true);
    expect(broken.value.hypotheses.length).toBeGreaterThan(9);
    fake.script.push({ delayMs: 1500 });
    const slow = await provider(1000).keyInsights({
      text: 'She counts stock for four hours every Sunday.',
      language: 'en-US',
    });
    expect(slow.fellBack).toBe(true);
    expect(slow.value.insights[0]).toMatch(/four hours/);
  });

  it('does not hide a cancellation', async () => {
    fake.script.push({ delayMs: 300 });
    const controller = new AbortController();
    const pending = provider().petalDiagram(brief, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(AiError);
  });
});
