import { afterAll, describe, expect, it, vi } from 'vitest';
import { LLM_FIXTURES, startFakeLlm } from '../../../test/fake-llm.ts';
import { testConfig } from '../../../test/app.ts';
import { createAiProvider } from './index.ts';
import { GROUNDING_RULES } from './llm.ts';
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
    expect(request.messages[0]!.content).toContain(GROUNDING_RULES);
    expect(request.messages[1]!.content).toMatch(/Español \(US\)/);
    expect(request.messages[1]!.content).toMatch(/We only serve Texas/);
  });

  it('writes every prompt for grounding: facts from the description, gaps as questions, past behaviour, pains first', async () => {
    expect(GROUNDING_RULES).toMatch(
      /Never use a number, price, percentage.*not in the description/,
    );
    expect(GROUNDING_RULES).toMatch(/as a question to find out/);
    expect(GROUNDING_RULES).toMatch(/Do not copy sentences/);
    fake.requests.length = 0;
    const h = {
      title: 'Owners count by hand',
      section: 'customerSegments',
      description: '',
      project: brief,
    };
    await provider().interviewQuestions(h);
    await provider().keyInsights({ text: 'She counts stock for four hours.', language: 'en-US' });
    await provider().valuePropositionCanvas(h);
    const [questions, insights, canvas] = fake.requests.map((r) => r.messages[0]!.content);
    expect(questions).toMatch(/the last time it happened.*never ask whether they like the idea/);
    expect(insights).toMatch(
      /first the pains.*then the most surprising fact.*keep their numbers exactly/,
    );
    expect(canvas).toMatch(/all six parts/);
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

describe('the Anthropic provider', () => {
  const anthropic = (timeoutMs = 2000) =>
    createAiProvider(
      testConfig({
        AI_BASE_URL: fake.anthropicBaseUrl,
        AI_PROVIDER: 'anthropic',
        AI_API_KEY: 'sk-ant-test',
        AI_TIMEOUT_MS: String(timeoutMs),
      }),
      logger,
    );

  it('is chosen by AI_PROVIDER (or an anthropic.com address) and defaults to a Claude model', () => {
    expect(anthropic().name).toBe('anthropic');
    const config = testConfig({ AI_BASE_URL: 'https://api.anthropic.com/' });
    expect(config.ai).toMatchObject({
      kind: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
      model: expect.stringMatching(/^claude-/),
    });
  });

  it('offers the schema as the one tool the model must call and returns its validated input', async () => {
    fake.requests.length = 0;
    // The default model is one Anthropic still serves: its SDK warns about a retiring one.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await anthropic().projectData(brief);
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/deprecated|end-of-life/);
    warn.mockRestore();
    expect(answer).toMatchObject({ provider: 'anthropic', fellBack: false });
    expect(answer.value.hypotheses).toEqual(LLM_FIXTURES.project_data.hypotheses);
    const request = fake.requests[0]!;
    expect(request).toMatchObject({ protocol: 'anthropic', schemaName: 'project_data' });
    // the key travels as x-api-key or, in the SDK's newer versions, as a bearer token
    expect(request.headers['x-api-key'] ?? request.headers.authorization).toMatch(/sk-ant-test$/);
    expect(request.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request.messages[0]).toMatchObject({ role: 'system' });
    expect(request.messages[0]!.content).toContain(GROUNDING_RULES);
    expect(request.messages[1]!.content).toMatch(/We only serve Texas/);
  });

  it('sends an invalid tool input back as an error tool result and takes the corrected one', async () => {
    fake.requests.length = 0;
    fake.script.push(
      { raw: 'I would rather talk.' },
      { raw: JSON.stringify({ questions: ['too few'] }) },
    );
    const answer = await anthropic().interviewQuestions({
      title: 'Owners count by hand',
      section: 'customerSegments',
      description: '',
      project: brief,
    });
    expect(answer).toMatchObject({ provider: 'anthropic', fellBack: false });
    expect(answer.value.questions).toEqual(LLM_FIXTURES.interview_questions.questions);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[1]!.messages.at(-1)!.content).toBe(
      'Answer by calling the interview_questions tool.',
    );
    expect(fake.requests[2]!.messages.at(-1)!.content).toMatch(
      /did not match the schema \(questions: /,
    );
  });

  it('falls back to the built-in generator on 429, 529 and a timeout, and does not hide a cancellation', async () => {
    fake.script.push({
      status: 429,
      body: '{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}',
    });
    const limited = await anthropic().marketData(brief);
    expect(limited).toMatchObject({ provider: 'builtin', fellBack: true });
    fake.script.push({
      status: 529,
      body: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    });
    expect((await anthropic().projectData(brief)).fellBack).toBe(true);
    fake.script.push({ delayMs: 1500 });
    const slow = await anthropic(1000).keyInsights({
      text: 'She counts stock for four hours every Sunday.',
      language: 'en-US',
    });
    expect(slow).toMatchObject({ provider: 'builtin', fellBack: true });
    expect(slow.value.insights[0]).toMatch(/four hours/);
    fake.script.push({ delayMs: 300 });
    const controller = new AbortController();
    const pending = anthropic().petalDiagram(brief, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
