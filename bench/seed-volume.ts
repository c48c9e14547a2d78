/**
 * The volume benchmark's organisation, made through the real routes on an empty database: an
 * enterprise organisation with its owner and an administrator, VOLUME_PROJECTS projects (10) of
 * VOLUME_CARDS cards each (50: a fifth published evidence with its key insights, two experiments,
 * the rest published hypotheses over the canvas's sections), half as many rated connections,
 * comments by the administrator on the owner's cards (the owner's inbox) and what all that writes
 * besides (events, versions, the access log). `volume.ts` copies it, ids remapped, to make the other 9,999 organisations.
 */
import { CANVAS_SECTIONS, SESSION_COOKIE } from '@assay/domain';
import { and, eq } from 'drizzle-orm';
import type { BuiltApp } from '../apps/server/src/app.ts';
import { profiles } from '../apps/server/src/modules/organizations/schema.ts';
import { addMember, ownerWithOrganization } from '../apps/server/test/organization.ts';

export interface VolumeSeed {
  cookie: string;
  organizationId: string;
  ownerProfileId: string;
  projects: {
    id: string;
    hypotheses: string[];
    evidence: string[];
    /** [evidence card, connection id] */
    connections: [string, string][];
  }[];
}

const EXPERIMENTS = 2;

export async function seedVolume(
  built: BuiltApp,
  options: { projects: number; cards: number },
): Promise<VolumeSeed> {
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  const member = await addMember(built, owner.agent, org, 'admin');
  const headers = { 'x-organization-id': org.id };
  type Agent = typeof owner.agent;
  const ask = async (agent: Agent, query: string, variables: Record<string, unknown> = {}) => {
    const answer = (
      await agent.post('/api/gateway/query', { query, variables }, headers)
    ).json() as {
      data?: Record<string, { id: string; version: number }>;
      errors?: unknown;
    };
    if (answer.errors || !answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data;
  };
  const ownerProfileId = (
    await built.services.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.organizationId, org.id), eq(profiles.role, 'owner')))
  )[0]?.id;
  if (!ownerProfileId) throw new Error('no owner profile');

  const projects: VolumeSeed['projects'] = [];
  const evidenceCount = Math.round(options.cards / 5);
  for (let p = 0; p < options.projects; p += 1) {
    const projectId = (
      await ask(
        owner.agent,
        'mutation($n: String!) { createProject(input: { name: $n }) { id } }',
        {
          n: `Volume project ${p}`,
        },
      )
    ).createProject!.id;
    const create = async (input: Record<string, unknown>) =>
      (
        await ask(owner.agent, 'mutation($i: JSON!) { createCard(input: $i) { id version } }', {
          i: { projectId, ...input },
        })
      ).createCard!;
    const hypotheses: string[] = [];
    for (let i = 0; i < options.cards - evidenceCount - EXPERIMENTS; i += 1) {
      const card = await create({
        type: 'hypothesis',
        title: `Hypothesis ${p}.${i}: clinic managers in region ${i % 7} will pay for fewer no-shows`,
        section: CANVAS_SECTIONS[i % CANVAS_SECTIONS.length],
        draft: false,
      });
      hypotheses.push(card.id);
    }
    const evidence: string[] = [];
    for (let i = 0; i < evidenceCount; i += 1) {
      const post = await create({ type: 'post', title: `What manager ${p}.${i} told us` });
      const noted = await ask(
        owner.agent,
        'mutation($i: JSON!) { updateText(input: $i) { id version } }',
        {
          i: {
            cardId: post.id,
            version: post.version,
            field: 'keyInsights',
            text: `<p>No-shows cost manager ${i} a day a week.</p>`,
            rawText: `No-shows cost manager ${i} a day a week.`,
          },
        },
      );
      const summarised = await ask(
        owner.agent,
        'mutation($i: JSON!) { updatePost(input: $i) { id version } }',
        {
          i: {
            cardId: post.id,
            version: noted.updateText!.version,
            summary: `Manager ${i} loses a day a week`,
          },
        },
      );
      await ask(
        owner.agent,
        'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id version } }',
        { id: post.id, v: summarised.updatePost!.version },
      );
      evidence.push(post.id);
    }
    for (let i = 0; i < EXPERIMENTS; i += 1)
      await create({ type: 'experiment', title: `Reminder texts, trial ${p}.${i}` });
    const connections: [string, string][] = [];
    for (let i = 0; i < Math.round(options.cards / 2); i += 1) {
      const from = evidence[i % evidence.length]!;
      const to = hypotheses[(i * 7) % hypotheses.length]!;
      const answer = await owner.agent.post(
        `/api/canvas/cards/${from}/connections`,
        { cardId: to, rating: [-2, -1, 0, 1, 2][i % 5] },
        headers,
      );
      if (answer.statusCode >= 300 && !answer.body.includes('already connected'))
        throw new Error(answer.body);
      const id = connectionTo(answer.json(), to);
      if (id) connections.push([from, id]);
    }
    for (let i = 0; i < Math.round(options.cards / 5); i += 1)
      await ask(member.agent, 'mutation($i: JSON!) { addComment(input: $i) { id } }', {
        i: {
          subjectType: 'card',
          subjectId: hypotheses[i % hypotheses.length],
          body: `Is region ${i % 7} the same as the pilot's?`,
          mentions: i % 2 === 0 ? [ownerProfileId] : [],
        },
      });
    projects.push({ id: projectId, hypotheses, evidence, connections });
  }
  const token = owner.agent.cookies.get(SESSION_COOKIE);
  if (!token) throw new Error('no session cookie');
  return { cookie: `${SESSION_COOKIE}=${token}`, organizationId: org.id, ownerProfileId, projects };
}

/** The connection to `cardId` among the associations a connect answers with. */
export function connectionTo(answer: unknown, cardId: string): string | null {
  let found: string | null = null;
  const walk = (value: unknown) => {
    if (found || !value || typeof value !== 'object') return;
    const v = value as { connectionId?: string; cardId?: string };
    if (v.cardId === cardId && v.connectionId) found = v.connectionId;
    else for (const child of Object.values(value)) walk(child);
  };
  walk(answer);
  return found;
}
