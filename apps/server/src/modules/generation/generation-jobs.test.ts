/** Project generation through the real job queue (pg-boss) and an OpenAI-compatible endpoint. */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { LLM_FIXTURES, startFakeLlm } from '../../../test/fake-llm.ts';
import { onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import { organizations } from '../organizations/schema.ts';
import { until as poll } from '../../../test/until.ts';

/** A model call through the fake endpoint takes longer: up to 20 s, read every 100 ms. */
const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) =>
  poll(read, done, 20_000, 100);

const fake = await startFakeLlm(LLM_FIXTURES);
afterAll(() => fake.close());
const built = await buildTestApp({
  jobs: true,
  env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'test-model', AI_TIMEOUT_MS: '5000' },
});

describe('generation jobs with a model endpoint', () => {
  it('runs on the queue, writes the model’s hypotheses, and says when it fell back', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'businessAI' });
    const create = async (name: string) => {
      const answer = await onOrg(
        owner.agent,
        org.slug,
        'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
        {
          input: {
            name,
            description:
              'An inventory app for independent restaurant owners who waste hours counting stock every week and throw food away.',
            language: 'en-US',
            generate: true,
          },
        },
      );
      return (answer.data?.createProject as { id: string }).id;
    };
    const status = async (projectId: string) =>
      (
        await onOrg(
          owner.agent,
          org.slug,
          'query($p: ID!) { projectGeneration(projectId: $p) { generation { status provider fellBack stage totalStages } } }',
          { p: projectId },
        )
      ).data?.projectGeneration as {
        generation: { status: string; provider: string; fellBack: boolean };
      };

    const projectId = await create('Stockly');
    const done = await until(
      () => status(projectId),
      (s) => s.generation.status === 'success',
    );
    expect(done.generation).toMatchObject({ provider: 'openai', fellBack: false });
    const canvas = await onOrg(
      owner.agent,
      org.slug,
      'query($p: ID!) { canvas(projectId: $p) { cards { title section } } }',
      { p: projectId },
    );
    const titles = (canvas.data?.canvas as { cards: { title: string }[] }).cards.map(
      (c) => c.title,
    );
    expect(titles).toEqual(
      expect.arrayContaining(LLM_FIXTURES.project_data.hypotheses.map((h) => h.title)),
    );

    // The model fails every try: the built-in generator writes the project, and the status says so.
    fake.script.push(...Array.from({ length: 3 }, () => ({ status: 500, body: 'down' })));
    const second = await create('Stockly 2');
    const fell = await until(
      () => status(second),
      (s) => s.generation.status === 'success',
    );
    expect(fell.generation.fellBack).toBe(true);
  });

  it('puts the organisation context and its default custom prompt into the model prompt (enterprise)', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    await built.services.database.db
      .update(organizations)
      .set({
        globalContext: { context: 'We are a cooperative of Texas restaurants.', files: [] },
        promptSettings: {
          project: {
            enabled: true,
            groups: [
              {
                id: 'tone',
                defaultKey: 'plain',
                title: 'Tone',
                enabled: true,
                prompts: [
                  { id: 'plain', title: 'Plain', prompt: 'Write for busy cooks: short words.' },
                ],
              },
            ],
          },
        },
      })
      .where(eq(organizations.id, org.id));
    fake.requests.length = 0;
    const answer = await onOrg(
      owner.agent,
      org.slug,
      'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
      {
        input: {
          name: 'Co-op',
          description:
            'Shared purchasing for independent restaurants in Texas that waste money on small orders every single week of the year.',
          generate: true,
        },
      },
    );
    const projectId = (answer.data?.createProject as { id: string }).id;
    await until(
      async () =>
        (
          await onOrg(
            owner.agent,
            org.slug,
            'query($p: ID!) { projectGeneration(projectId: $p) { generation { status } } }',
            {
              p: projectId,
            },
          )
        ).data?.projectGeneration as { generation: { status: string } },
      (s) => s.generation.status === 'success',
    );
    const prompt = fake.requests.find((r) => r.schemaName === 'project_data')!.messages[1]!.content;
    expect(prompt).toContain('We are a cooperative of Texas restaurants.');
    expect(prompt).toContain('Write for busy cooks: short words.');
  });
});
