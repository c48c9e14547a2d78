/**
 * "Explore a demo": a demo person and organisation made through the app's own routes and gateway
 * (as a person clicking through would make them), so every rule, event, rank and count applies
 * exactly as to real data. One demo per installation; asking again signs in to the same one.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GATEWAY_PATH, SESSION_COOKIE, slugify } from '@assay/domain';
import type { AppServices } from '../../services.ts';
import { users } from '../auth/schema.ts';
import { hashPassword } from '../auth/ports.ts';
import { createSession } from '../auth/ports.ts';
import { findOrganizationBySlug, listMemberships } from '../organizations/ports.ts';
import {
  DEMO_COHORT,
  DEMO_ORGANIZATION,
  DEMO_PROJECT,
  DEMO_USER,
  type DemoExperiment,
} from './content.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Card {
  id: string;
  version: number;
}

/** A client of the app's own API, signed in as the demo person, on the demo organisation's host. */
function apiClient(app: FastifyInstance, services: AppServices, token: string) {
  let host = `app.${services.config.appDomain}`;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        host,
        cookie: `${SESSION_COOKIE}=${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    if (response.statusCode >= 400) {
      throw new Error(`demo: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json() as Record<string, unknown>;
  };
  const gateway = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const answer = (await call('POST', GATEWAY_PATH, { query, variables })) as {
      data?: Record<string, unknown>;
      errors?: { message: string }[];
    };
    if (answer.errors?.length || !answer.data) {
      throw new Error(`demo: ${query.slice(0, 60)}… failed: ${JSON.stringify(answer.errors)}`);
    }
    return Object.values(answer.data)[0] as T;
  };
  return {
    call,
    gateway,
    onOrganization(slug: string) {
      host = `${slug}.${services.config.appDomain}`;
    },
  };
}
type Client = ReturnType<typeof apiClient>;

async function createCard(client: Client, input: Record<string, unknown>): Promise<Card> {
  return client.gateway<Card>('mutation($i: JSON!) { createCard(input: $i) { id version } }', {
    i: input,
  });
}

async function update(client: Client, operation: string, input: Record<string, unknown>) {
  return client.gateway<Card>(`mutation($i: JSON!) { ${operation}(input: $i) { id version } }`, {
    i: input,
  });
}

async function publish(client: Client, card: Card): Promise<Card> {
  return client.gateway<Card>(
    'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id version } }',
    { id: card.id, v: card.version },
  );
}

async function connect(client: Client, from: string, to: string, rating: number) {
  await client.call('POST', `/api/canvas/cards/${from}/connections`, { cardId: to, rating });
}

async function writeText(client: Client, card: Card, field: string, text: string) {
  return update(client, 'updateText', {
    cardId: card.id,
    version: card.version,
    field,
    text: `<p>${text}</p>`,
    rawText: text,
  });
}

async function createProject(client: Client, name: string): Promise<string> {
  const project = await client.gateway<{ id: string }>(
    'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name } },
  );
  return project.id;
}

async function hypothesis(
  client: Client,
  projectId: string,
  h: { section: string; title: string; risky?: boolean; result?: string; reason?: string },
): Promise<Card> {
  let card = await createCard(client, {
    projectId,
    type: 'hypothesis',
    section: h.section,
    title: h.title,
    draft: false,
  });
  if (h.risky || h.result) {
    card = await update(client, 'updateHypothesis', {
      cardId: card.id,
      version: card.version,
      ...(h.risky ? { risky: true } : {}),
      ...(h.result ? { result: h.result, resultReason: h.reason ?? null } : {}),
    });
  }
  return card;
}

async function interview(
  client: Client,
  projectId: string,
  e: { title: string; daysAgo: number; person: string; insights: string },
) {
  let card = await createCard(client, { projectId, type: 'interview', title: e.title });
  card = await update(client, 'updateInterview', {
    cardId: card.id,
    version: card.version,
    date: new Date(Date.now() - e.daysAgo * DAY_MS).toISOString(),
  });
  card = await update(client, 'updateInterview', {
    cardId: card.id,
    version: card.version,
    addInterviewee: { name: e.person },
  });
  card = await writeText(client, card, 'keyInsights', e.insights);
  return publish(client, card);
}

async function post(client: Client, projectId: string, title: string, summary: string) {
  const card = await createCard(client, { projectId, type: 'post', title });
  const summarised = await update(client, 'updatePost', {
    cardId: card.id,
    version: card.version,
    summary,
  });
  return publish(client, summarised);
}

const PHASES = ['plan', 'test', 'analyze', 'complete'] as const;

async function experiment(
  client: Client,
  projectId: string,
  e: DemoExperiment,
  hypotheses: Map<string, Card>,
  evidenceId: string,
) {
  let card = await createCard(client, { projectId, type: 'experiment', title: e.title });
  card = await publish(client, card);
  card = await writeText(client, card, 'statement', e.statement);
  card = await writeText(client, card, 'description', e.plan);
  for (const key of e.hypothesisKeys) {
    const target = hypotheses.get(key);
    if (target) await connect(client, card.id, target.id, 2);
  }
  const reach = PHASES.indexOf(e.phase);
  if (reach >= 1) {
    await connect(client, card.id, evidenceId, 2);
    card = await update(client, 'updateExperiment', {
      cardId: card.id,
      version: (await readVersion(client, card.id)) ?? card.version,
      phase: 'test',
    });
  }
  if (reach >= 2) {
    card = await update(client, 'updateExperiment', {
      cardId: card.id,
      version: card.version,
      successCriteria: [
        {
          id: 'c1',
          measurement: 'People who took part',
          expectation: 'At least 20',
          achieved: reach >= 3 ? false : true,
          evidence: [evidenceId],
        },
      ],
      analyze: { details: 'Counted at the end of each day.' },
      phase: 'analyze',
    });
  }
  if (reach >= 3) {
    card = await update(client, 'updateExperiment', {
      cardId: card.id,
      version: card.version,
      keyLearnings: e.learnings ?? '',
      phase: 'complete',
    });
  }
  return card;
}

async function readVersion(client: Client, cardId: string) {
  const card = await client.gateway<{ version: number }>(
    'query($id: ID!) { card(cardId: $id) { version } }',
    { id: cardId },
  );
  return card.version;
}

async function fillCanvasProject(client: Client) {
  const projectId = await createProject(client, DEMO_PROJECT.name);
  const hypotheses = new Map<string, Card>();
  for (const h of DEMO_PROJECT.hypotheses)
    hypotheses.set(h.key, await hypothesis(client, projectId, h));
  const evidenceIds: string[] = [];
  for (const e of DEMO_PROJECT.evidence) {
    const card =
      e.type === 'interview'
        ? await interview(client, projectId, {
            title: e.title,
            daysAgo: e.daysAgo ?? 7,
            person: e.person ?? 'Interviewee',
            insights: e.insights ?? '',
          })
        : await post(client, projectId, e.title, e.summary ?? '');
    evidenceIds.push(card.id);
    for (const s of e.supports) {
      const target = hypotheses.get(s.key);
      if (target) await connect(client, card.id, target.id, s.rating);
    }
  }
  for (const [index, e] of DEMO_PROJECT.experiments.entries()) {
    await experiment(client, projectId, e, hypotheses, evidenceIds[index % evidenceIds.length]!);
  }
  return projectId;
}

async function fillCohort(client: Client) {
  const cohort = await client.gateway<{ id: string }>(
    'mutation($i: JSON!) { createCohort(input: $i) { id } }',
    {
      i: {
        name: DEMO_COHORT.name,
        startsAt: new Date(Date.now() - 20 * DAY_MS).toISOString(),
      },
    },
  );
  await client.gateway('mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
    i: { cohortId: cohort.id, draft: false },
  });
  for (const [t, team] of DEMO_COHORT.teams.entries()) {
    const answer = await client.gateway<{ teams: { id: string; name: string }[] }>(
      'mutation($c: ID!, $n: String!) { createCohortTeam(cohortId: $c, name: $n) { teams { id name } } }',
      { c: cohort.id, n: team.name },
    );
    const projectId = answer.teams.find((x) => x.name === team.name)?.id;
    if (!projectId) throw new Error(`demo: team ${team.name} not created`);
    const sections = ['customerSegments', 'valuePropositions', 'channels', 'revenueStreams'];
    let n = 0;
    const next = () => sections[n++ % sections.length]!;
    for (let i = 0; i < team.validated; i += 1)
      await hypothesis(client, projectId, {
        section: next(),
        title: `${team.name}: validated idea ${i + 1}`,
        result: 'validated',
        reason: 'Interviews agreed',
      });
    for (let i = 0; i < team.invalidated; i += 1)
      await hypothesis(client, projectId, {
        section: next(),
        title: `${team.name}: dropped idea ${i + 1}`,
        result: 'invalidated',
        reason: 'Nobody had the problem',
      });
    for (let i = 0; i < team.testing; i += 1)
      await hypothesis(client, projectId, {
        section: next(),
        title: `${team.name}: idea in testing ${i + 1}`,
      });
    for (let i = 0; i < team.interviews; i += 1)
      await interview(client, projectId, {
        title: `Customer interview ${i + 1}`,
        daysAgo: (i * 3 + t) % 18,
        person: `Customer ${i + 1}`,
        insights: 'Has the problem weekly; would try a fix.',
      });
  }
  return cohort.id;
}

export interface DemoSignIn {
  sessionToken: string;
  organizationId: string;
  slug: string;
  created: boolean;
}

let creating: Promise<DemoSignIn> | null = null;

/** Signs in as the demo person, making the demo first when there is none. */
export function enterDemo(
  app: FastifyInstance,
  services: AppServices,
  request: FastifyRequest,
): Promise<DemoSignIn> {
  // One demo at a time: a second click waits for the first.
  creating ??= enterOrCreate(app, services, request).finally(() => {
    creating = null;
  });
  return creating;
}

async function enterOrCreate(
  app: FastifyInstance,
  services: AppServices,
  request: FastifyRequest,
): Promise<DemoSignIn> {
  const { db } = services.database;
  const [existing] = await db.select().from(users).where(eq(users.email, DEMO_USER.email));
  const user =
    existing ??
    (
      await db
        .insert(users)
        .values({
          email: DEMO_USER.email,
          // Nobody signs in with it: the demo is entered through "Explore a demo" only.
          passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
          firstName: DEMO_USER.firstName,
          lastName: DEMO_USER.lastName,
          emailVerifiedAt: new Date(),
          signupLicense: 'academic',
        })
        .returning()
    )[0];
  if (!user) throw new Error('demo: user insert returned no row');
  const { token } = await createSession(db, user.id, request);
  const memberships = await listMemberships(db, user.id);
  const own = memberships[0];
  if (own) {
    const { id, slug } = own.organization;
    return { sessionToken: token, organizationId: id, slug, created: false };
  }

  const client = apiClient(app, services, token);
  const taken = await findOrganizationBySlug(db, DEMO_ORGANIZATION.slug);
  const slug = taken
    ? `${slugify(DEMO_ORGANIZATION.slug)}${randomBytes(3).toString('hex')}`
    : DEMO_ORGANIZATION.slug;
  const organization = (await client.call('POST', '/api/org/organizations', {
    name: DEMO_ORGANIZATION.name,
    slug,
  })) as { id: string };
  client.onOrganization(slug);
  // The demo opens on its projects, not on the first-project questions ("Skip for now").
  const me = await client.call('GET', '/api/bootstrap');
  const profileId = (me.membership as { profileId?: string } | null)?.profileId;
  if (profileId) {
    await client.gateway(
      'mutation($p: ID!, $patch: JSON!) { updateProfileOnboarding(profileId: $p, patch: $patch) }',
      { p: profileId, patch: { status: 'complete' } },
    );
  }
  await fillCanvasProject(client);
  await fillCohort(client);
  services.logger.info({ slug }, 'demo organisation created');
  return { sessionToken: token, organizationId: organization.id, slug, created: true };
}
