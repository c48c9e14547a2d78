/**
 * The authorisation matrix: every gateway mutation and every REST route, called as each
 * organisation role, as a member of another organisation and signed out, is allowed or refused
 * as the policy says. A mutation or route missing from the matrix fails the test.
 */
import { getNamedType, isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { ERRORS, SESSION_COOKIE } from '@assay/domain';
import { createSession } from '../src/modules/auth/sessions.ts';
import { eq } from 'drizzle-orm';
import { buildGatewaySchema } from '../src/gateway/index.ts';
import { cards } from '../src/modules/cards/schema.ts';
import { organizationExports } from '../src/modules/exports/schema.ts';
import { organizations, profiles } from '../src/modules/organizations/schema.ts';
import { connectionSuggestions, generations } from '../src/modules/generation/schema.ts';
import { ssoDomains } from '../src/modules/sso/schema.ts';
import { buildTestApp } from './app.ts';
import { uploadAs } from './uploads.ts';
import { createAgent, uniqueEmail, type Agent } from './agent.ts';
import {
  addMember,
  invite,
  onOrg,
  ownerWithOrganization,
  type GatewayAnswer,
} from './organization.ts';

const built = await buildTestApp();

type Actor =
  | 'owner'
  | 'admin'
  | 'collaborator'
  | 'limitedContributor'
  | 'disabled'
  | 'otherOrganization'
  | 'ssoElsewhere'
  | 'anonymous';
const ACTORS: Actor[] = [
  'owner',
  'admin',
  'collaborator',
  'limitedContributor',
  'disabled',
  'otherOrganization',
  // An admin of the organisation signed in by another organisation's single sign-on: that
  // session opens the other organisation only (#47 item 4).
  'ssoElsewhere',
  'anonymous',
];
const MANAGERS: Actor[] = ['owner', 'admin'];
const OWNER_ONLY: Actor[] = ['owner'];
const MEMBERS: Actor[] = ['owner', 'admin', 'collaborator', 'limitedContributor'];

interface World {
  org: { id: string; slug: string };
  owner: Agent;
  agents: Record<Actor, Agent>;
}

type Outcome = 'allowed' | 'refused';
interface OrganizationRule {
  kind: 'organization';
  allowed: Actor[];
  run: (world: World, actor: Agent) => Promise<GatewayAnswer | LightMyRequestResponse>;
}
type Rule = OrganizationRule | { kind: 'public'; why: string } | { kind: 'signedIn' };

const mutation =
  (query: string, variables: (w: World) => Promise<Record<string, unknown>>) =>
  async (world: World, actor: Agent) =>
    onOrg(actor, world.org.slug, query, await variables(world));

const freshInviteId = async (w: World) =>
  (await invite(w.owner, w.org.slug, uniqueEmail('m'))).invites[0]?.id;
const freshProjectId = async (w: World) => {
  const answer = await onOrg(
    w.owner,
    w.org.slug,
    'mutation { createProject(input: { name: "Matrix" }) { id } }',
  );
  return (answer.data?.createProject as { id: string }).id;
};
const freshCollectionId = async (w: World) => {
  const response = await w.owner.post('/api/anc/collections', { name: 'Portfolio' }, onHost(w));
  return (response.json() as { id: string }).id;
};
const CREATORS: Actor[] = ['owner', 'admin', 'collaborator'];
const onHost = (w: World) => ({ host: `${w.org.slug}.assay.test` });

const freshMemberId = async (w: World) =>
  (await addMember(built, w.owner, w.org, 'collaborator')).profileId;

const freshCard = async (w: World, draft = false) => {
  const projectId = await freshProjectId(w);
  const answer = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: JSON!) { createCard(input: $i) { id version projectId } }',
    { i: { projectId, type: 'hypothesis', title: 'Matrix card', draft } },
  );
  return answer.data?.createCard as { id: string; version: number; projectId: string };
};
/** A project with a description, for the agent to generate from. */
const freshDescribedProject = async (w: World) => {
  const answer = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: CreateProjectInput!) { createProject(input: $i) { id } }',
    {
      i: {
        name: 'Agent',
        description: 'An app for restaurant owners who waste hours counting stock.',
      },
    },
  );
  return (answer.data?.createProject as { id: string }).id;
};
/** A published evidence card of the owner's, and a hypothesis in the same project. */
const freshEvidence = async (w: World) => {
  const hypothesis = await freshCard(w);
  const made = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: JSON!) { createCard(input: $i) { id } }',
    { i: { projectId: hypothesis.projectId, type: 'evidenceOther', title: 'Notes from Maria' } },
  );
  const id = (made.data?.createCard as { id: string }).id;
  await built.services.database.db
    .update(cards)
    .set({ draft: false, publishedAt: new Date() })
    .where(eq(cards.id, id));
  return { id, hypothesisId: hypothesis.id, projectId: hypothesis.projectId };
};
const freshSuggestion = async (w: World) => {
  const evidence = await freshEvidence(w);
  const [row] = await built.services.database.db
    .insert(connectionSuggestions)
    .values({
      organizationId: w.org.id,
      projectId: evidence.projectId,
      evidenceCardId: evidence.id,
      hypothesisCardId: evidence.hypothesisId,
      score: 1,
    })
    .returning();
  return row!.id;
};
const freshFailedGeneration = async (w: World) => {
  const card = await freshCard(w);
  const [row] = await built.services.database.db
    .insert(generations)
    .values({
      organizationId: w.org.id,
      projectId: card.projectId,
      cardId: card.id,
      kind: 'interviewQuestions',
      status: 'fail',
      error: 'The model was down.',
    })
    .returning();
  return row!.id;
};
const freshPetal = async (w: World) => {
  const projectId = await freshProjectId(w);
  const answer = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($p: ID!, $i: JSON!) { createPetal(projectId: $p, input: $i) { petal { categories { id } } } }',
    { p: projectId, i: { title: 'Alternatives' } },
  );
  const petalId = (answer.data?.createPetal as { petal: { categories: { id: string }[] } }).petal
    .categories[0]!.id;
  const company = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($p: ID!, $c: ID!, $i: JSON!) { createPetalCompany(projectId: $p, petalId: $c, input: $i) { petal { categories { companies { id } } } } }',
    { p: projectId, c: petalId, i: { name: 'Paper' } },
  );
  const companyId = (
    company.data?.createPetalCompany as { petal: { categories: { companies: { id: string }[] }[] } }
  ).petal.categories[0]!.companies[0]!.id;
  return { projectId, petalId, companyId };
};
/** A comment by the owner on a fresh published card. */
const freshComment = async (w: World) => {
  const card = await freshCard(w);
  const answer = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: JSON!) { addComment(input: $i) { id } }',
    {
      i: { subjectType: 'card', subjectId: card.id, body: 'Owner says' },
    },
  );
  return (answer.data?.addComment as { id: string }).id;
};
const cardInput = (extra: Record<string, unknown>) => async (w: World) => {
  const card = await freshCard(w);
  return { i: { cardId: card.id, version: card.version, ...extra } };
};

/** A file uploaded by the owner for a subject, ready to be recorded. */
const freshUpload = (w: World, collection: string, locationId: string) =>
  uploadAs(built, w.owner, { host: onHost(w).host, collection, locationId });
const freshOrgImage = async (w: World) => {
  const key = await freshUpload(w, 'organizations', w.org.id);
  return (
    await w.owner.post(`/api/org/organizations/${w.org.id}/media`, { key }, onHost(w))
  ).json() as {
    id: string;
    url: string;
  };
};

const freshConnection = async (w: World) => {
  const card = await freshCard(w);
  const other = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: JSON!) { createCard(input: $i) { id } }',
    {
      i: { projectId: card.projectId, type: 'hypothesis', title: 'Other', draft: false },
    },
  );
  const linked = await w.owner.post(
    `/api/canvas/cards/${card.id}/connections`,
    { cardId: (other.data?.createCard as { id: string }).id },
    onHost(w),
  );
  return { card, connectionId: (linked.json() as { connection: { id: string } }).connection.id };
};

/** A project with the public portal on, and its board made by the owner. */
const freshBoard = async (w: World) => {
  const projectId = await freshProjectId(w);
  await onOrg(
    w.owner,
    w.org.slug,
    'mutation($id: ID!, $s: JSON!) { updateProjectSettings(id: $id, settings: $s) { id } }',
    { id: projectId, s: { publicPortal: true } },
  );
  const answer = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: JSON!) { createPublicBoard(input: $i) { board { id } categories { id } } }',
    {
      i: {
        projectId,
        name: 'Roadmap',
        link: `matrix-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      },
    },
  );
  const state = answer.data?.createPublicBoard as {
    board: { id: string };
    categories: { id: string }[];
  };
  return { projectId, boardId: state.board.id, categoryId: state.categories[0]!.id };
};
/** A hypothesis published to a fresh board by the owner. */
const freshPublicCard = async (w: World) => {
  const { projectId, boardId } = await freshBoard(w);
  const made = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: JSON!) { createCard(input: $i) { id } }',
    { i: { projectId, type: 'hypothesis', title: 'Public', draft: false } },
  );
  const cardId = (made.data?.createCard as { id: string }).id;
  await onOrg(w.owner, w.org.slug, 'mutation($i: JSON!) { updatePublicCard(input: $i) { id } }', {
    i: { cardId, action: 'publish' },
  });
  return { boardId, cardId };
};
const boardInput = (extra: Record<string, unknown>) => async (w: World) => ({
  i: { boardId: (await freshBoard(w)).boardId, ...extra },
});
const PORTAL_STATE = '{ board { id } }';

/** A domain the organisation's single sign-on lists (a row to prove). */
async function listDomain(organizationId: string, domain: string) {
  await built.services.database.db
    .insert(ssoDomains)
    .values({ organizationId, domain, challenge: 'matrix' })
    .onConflictDoNothing();
}

/** Runs a cohort operation with the world's organisation on the academic license for a moment. */
const asAcademic =
  (
    work: (
      w: World,
      actor: Agent,
      cohortId: string,
    ) => Promise<GatewayAnswer | LightMyRequestResponse>,
  ) =>
  async (w: World, actor: Agent) => {
    const setLicense = (license: string) =>
      built.services.database.db
        .update(organizations)
        .set({ license })
        .where(eq(organizations.id, w.org.id));
    await setLicense('academic');
    try {
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation { createCohort(input: { name: "Matrix cohort" }) { id } }',
      );
      return await work(w, actor, (made.data?.createCohort as { id: string }).id);
    } finally {
      await setLicense('enterprise');
    }
  };

/** A cohort team with a presentation, made by the owner; answers the team presentation's id. */
const freshTeamPresentation = async (w: World, cohortId: string) => {
  await onOrg(
    w.owner,
    w.org.slug,
    'mutation($c: ID!) { createCohortTeam(cohortId: $c, name: "Presenters") { id } }',
    {
      c: cohortId,
    },
  );
  const made = await onOrg(
    w.owner,
    w.org.slug,
    'mutation($i: JSON!) { createPresentation(input: $i) { id teams { id } } }',
    { i: { cohortId, name: 'Pitch' } },
  );
  const presentation = made.data?.createPresentation as { id: string; teams: { id: string }[] };
  return { presentationId: presentation.id, teamPresentationId: presentation.teams[0]!.id };
};

/** A card token of the sandbox's good test card. */
const sandboxToken = async (w: World) =>
  (
    (
      await w.owner.post('/api/payments/sandbox/js/v1/token', {
        first_name: 'Ada',
        last_name: 'Lovelace',
        number: '4111111111111111',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        cvv: '123',
      })
    ).json() as { id: string }
  ).id;
/** The owner opens the cohort's billing account. */
const cohortAccount = async (w: World, cohortId: string) => {
  await w.owner.post(
    `/api/org/cohorts/${cohortId}/accounts`,
    { token: await sandboxToken(w) },
    onHost(w),
  );
};

const GATEWAY: Record<string, Rule> = {
  createInvites: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($i: [InviteInput!]!) { createInvites(invites: $i) { invites { id } } }',
      async () => ({
        i: [{ email: uniqueEmail('x'), role: 'collaborator' }],
      }),
    ),
  },
  resendInvite: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($id: ID!) { resendInvite(id: $id) { id } }', async (w) => ({
      id: await freshInviteId(w),
    })),
  },
  deleteInvite: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($id: ID!) { deleteInvite(id: $id) }', async (w) => ({
      id: await freshInviteId(w),
    })),
  },
  updateMemberRole: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($id: ID!) { updateMemberRole(profileId: $id, role: "admin") { id } }',
      async (w) => ({
        id: await freshMemberId(w),
      }),
    ),
  },
  disableMember: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($id: ID!) { disableMember(profileId: $id) { id } }', async (w) => ({
      id: await freshMemberId(w),
    })),
  },
  enableMember: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($id: ID!) { enableMember(profileId: $id) { id } }', async (w) => ({
      id: await freshMemberId(w),
    })),
  },
  updateProfile: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($id: ID) { updateProfile(profileId: $id, input: { info: { title: "Researcher" } }) { id } }',
      async (w) => ({
        id: await freshMemberId(w),
      }),
    ),
  },
  // One's own onboarding only: the owner's profile, changed by the owner alone.
  updateProfileOnboarding: {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: mutation(
      'mutation($id: ID!, $p: JSON!) { updateProfileOnboarding(profileId: $id, patch: $p) }',
      async (w) => {
        const boot = await w.owner.get('/api/bootstrap', { host: `${w.org.slug}.assay.test` });
        return {
          id: (boot.json() as { membership: { profileId: string } }).membership.profileId,
          p: { currentOnboardingStep: 'canvasType' },
        };
      },
    ),
  },
  // One's own guidance: every member of the organisation, nobody from outside.
  updateGuidance: {
    kind: 'organization',
    allowed: MEMBERS,
    run: mutation(
      'mutation($p: JSON!) { updateGuidance(patch: $p) { showChecklist } }',
      async () => ({ p: { seen: { post: true } } }),
    ),
  },
  updatePortfolioAccess: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($id: ID!) { updatePortfolioAccess(profileId: $id, portfolioAccess: true) { id } }',
      async (w) => ({
        id: await freshMemberId(w),
      }),
    ),
  },
  // No plan the processor sells: the owner gets past the policy to the validation error.
  subscribe: {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: mutation(
      'mutation { subscribe(input: { planCode: "none" }) { subscription { state } } }',
      async () => ({}),
    ),
  },
  requestOwnerApproval: {
    kind: 'organization',
    allowed: MEMBERS,
    run: mutation('mutation { requestOwnerApproval(feature: "More members") }', async () => ({})),
  },
  createProject: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation { createProject(input: { name: "Made by role" }) { id } }',
      async () => ({}),
    ),
  },
  updateProject: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($id: ID!) { updateProject(id: $id, input: { status: "backlog" }) { id } }',
      async (w) => ({
        id: await freshProjectId(w),
      }),
    ),
  },
  updateProjectSettings: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($id: ID!) { updateProjectSettings(id: $id, settings: { timeline: false }) { id } }',
      async (w) => ({
        id: await freshProjectId(w),
      }),
    ),
  },
  deleteProject: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($id: ID!) { deleteProject(id: $id) }', async (w) => ({
      id: await freshProjectId(w),
    })),
  },
  migrateProject: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($p: ID!, $n: String!) { migrateProject(projectId: $p, name: $n) { organizationId } }',
      async (w) => ({ p: await freshProjectId(w), n: 'Spinout' }),
    ),
  },
  setProjectMember: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($p: ID!, $m: ID!) { setProjectMember(projectId: $p, profileId: $m, role: "viewer") { role } }',
      async (w) => ({
        p: await freshProjectId(w),
        m: await freshMemberId(w),
      }),
    ),
  },
  createFavorite: {
    kind: 'organization',
    allowed: MEMBERS,
    run: mutation(
      'mutation($id: ID!) { createFavorite(subjectType: "projects", subjectId: $id) }',
      async (w) => ({
        id: await freshProjectId(w),
      }),
    ),
  },
  deleteFavorite: {
    kind: 'organization',
    allowed: MEMBERS,
    run: mutation(
      'mutation($id: ID!) { deleteFavorite(subjectType: "projects", subjectId: $id) }',
      async (w) => ({
        id: await freshProjectId(w),
      }),
    ),
  },
  updateCanvasSection: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($i: JSON!) { updateCanvasSection(input: $i) { id } }', async (w) => ({
      i: { projectId: await freshProjectId(w), section: 'channels', hidden: true },
    })),
  },
  updateCanvasLayout: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($i: JSON!) { updateCanvasLayout(input: $i) { id } }', async (w) => ({
      i: { projectId: await freshProjectId(w), type: 'lean' },
    })),
  },
  createCustomField: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($p: ID!) { createCustomField(projectId: $p, input: { title: "Size", type: "number" }) { id } }',
      async (w) => ({ p: await freshProjectId(w) }),
    ),
  },
  updateCustomField: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const p = await freshProjectId(w);
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($p: ID!) { createCustomField(projectId: $p, input: { title: "Size", type: "number" }) { customFields { id } } }',
        { p },
      );
      const id = (made.data?.createCustomField as { customFields: { id: string }[] })
        .customFields[0]?.id;
      return onOrg(
        actor,
        w.org.slug,
        'mutation($p: ID!, $id: ID!) { updateCustomField(projectId: $p, id: $id, input: { title: "Scale" }) { id } }',
        { p, id },
      );
    },
  },
  deleteCustomField: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const p = await freshProjectId(w);
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($p: ID!) { createCustomField(projectId: $p, input: { title: "Size", type: "number" }) { customFields { id } } }',
        { p },
      );
      const id = (made.data?.createCustomField as { customFields: { id: string }[] })
        .customFields[0]?.id;
      return onOrg(
        actor,
        w.org.slug,
        'mutation($p: ID!, $id: ID!) { deleteCustomField(projectId: $p, id: $id) { id } }',
        {
          p,
          id,
        },
      );
    },
  },
  reorderCustomFields: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($p: ID!) { reorderCustomFields(projectId: $p, ids: []) { id } }',
      async (w) => ({ p: await freshProjectId(w) }),
    ),
  },
  createCard: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation('mutation($i: JSON!) { createCard(input: $i) { id } }', async (w) => ({
      i: { projectId: await freshProjectId(w), type: 'hypothesis', title: 'By role' },
    })),
  },
  updateHypothesis: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($i: JSON!) { updateHypothesis(input: $i) { id } }',
      cardInput({ risky: true }),
    ),
  },
  updateText: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($i: JSON!) { updateText(input: $i) { id } }',
      cardInput({ field: 'description', text: '<p>x</p>', rawText: 'x' }),
    ),
  },
  updateCardSection: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($i: JSON!) { updateCardSection(input: $i) { id } }',
      cardInput({ board: 'canvas', section: 'channels', rank: 'a5' }),
    ),
  },
  // A draft is its creator's alone until published.
  publishCard: {
    kind: 'organization',
    allowed: ['owner'],
    run: async (w, actor) => {
      const card = await freshCard(w, true);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { id } }',
        {
          id: card.id,
          v: card.version,
        },
      );
    },
  },
  discardDraft: {
    kind: 'organization',
    allowed: ['owner'],
    run: async (w, actor) => {
      const card = await freshCard(w, true);
      return onOrg(actor, w.org.slug, 'mutation($id: ID!) { discardDraft(cardId: $id) }', {
        id: card.id,
      });
    },
  },
  deleteCard: {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      onOrg(actor, w.org.slug, 'mutation($id: ID!) { deleteCard(cardId: $id) }', {
        id: (await freshCard(w)).id,
      }),
  },
  restoreCard: {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const card = await freshCard(w);
      await onOrg(w.owner, w.org.slug, 'mutation($id: ID!) { deleteCard(cardId: $id) }', {
        id: card.id,
      });
      return onOrg(actor, w.org.slug, 'mutation($id: ID!) { restoreCard(cardId: $id) { id } }', {
        id: card.id,
      });
    },
  },
  markCardsViewed: {
    kind: 'organization',
    allowed: MEMBERS,
    run: mutation('mutation($p: ID!) { markCardsViewed(projectId: $p) }', async (w) => ({
      p: await freshProjectId(w),
    })),
  },
  createTemplate: {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      onOrg(actor, w.org.slug, 'mutation($id: ID!) { createTemplate(cardId: $id) { id } }', {
        id: (await freshCard(w)).id,
      }),
  },
  // Copying is an academic feature for named organisations only: refused on this plan.
  copyCardTo: {
    kind: 'organization',
    allowed: [],
    run: async (w, actor) =>
      onOrg(
        actor,
        w.org.slug,
        'mutation($id: ID!, $p: ID!) { copyCardTo(cardId: $id, projectId: $p) { id } }',
        {
          id: (await freshCard(w)).id,
          p: await freshProjectId(w),
        },
      ),
  },
  updatePost: {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const projectId = await freshProjectId(w);
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { createCard(input: $i) { id version } }',
        {
          i: { projectId, type: 'post', title: 'Matrix post' },
        },
      );
      const post = made.data?.createCard as { id: string; version: number };
      const summary = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { updatePost(input: $i) { version } }',
        {
          i: { cardId: post.id, version: post.version, summary: 'Seen' },
        },
      );
      const published = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
        {
          id: post.id,
          v: (summary.data?.updatePost as { version: number }).version,
        },
      );
      return onOrg(actor, w.org.slug, 'mutation($i: JSON!) { updatePost(input: $i) { id } }', {
        i: {
          cardId: post.id,
          version: (published.data?.publishCard as { version: number }).version,
          summary: 'Edited',
        },
      });
    },
  },
  // The dashboard is changed by those with dashboard:write: organisation and project admins.
  updateProjectMarket: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($i: JSON!) { updateProjectMarket(input: $i) { tabOrder } }',
      async (w) => ({
        i: { projectId: await freshProjectId(w), total: 10 },
      }),
    ),
  },
  updateProjectInvestment: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($i: JSON!) { updateProjectInvestment(input: $i) { tabOrder } }',
      async (w) => ({ i: { projectId: await freshProjectId(w), total: 10 } }),
    ),
  },
  updateProjectDashboard: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($i: JSON!) { updateProjectDashboard(input: $i) { tabOrder } }',
      async (w) => ({ i: { projectId: await freshProjectId(w), whoFor: 'Parents' } }),
    ),
  },
  reorderDashboardTabs: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($p: ID!) { reorderDashboardTabs(projectId: $p, tabs: ["risky"]) { tabOrder } }',
      async (w) => ({ p: await freshProjectId(w) }),
    ),
  },
  // The AI agent writes cards: those with card:write (owners, admins, collaborators).
  generateProjectData: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($p: ID!) { generateProjectData(projectId: $p) { projectId } }',
      async (w) => ({
        p: await freshDescribedProject(w),
      }),
    ),
  },
  regenerateMarketData: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($p: ID!) { regenerateMarketData(projectId: $p) { projectId } }',
      async (w) => ({
        p: await freshDescribedProject(w),
      }),
    ),
  },
  regeneratePetalDiagram: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($p: ID!) { regeneratePetalDiagram(projectId: $p) { projectId } }',
      async (w) => ({
        p: await freshDescribedProject(w),
      }),
    ),
  },
  generateHypotheses: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($p: ID!) { generateHypotheses(projectId: $p, section: "channels") { id } }',
      async (w) => ({ p: await freshDescribedProject(w) }),
    ),
  },
  readNewEvidence: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation('mutation($p: ID!) { readNewEvidence(projectId: $p) { id } }', async (w) => ({
      p: await freshDescribedProject(w),
    })),
  },
  generateExperiment: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($h: ID!) { generateExperiment(hypothesisId: $h) { id } }',
      async (w) => ({
        h: (await freshCard(w)).id,
      }),
    ),
  },
  draftExperiment: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($h: ID!) { draftExperiment(hypothesisId: $h) { cardId } }',
      async (w) => ({
        h: (await freshCard(w)).id,
      }),
    ),
  },
  generateCardCompletion: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($c: ID!) { generateCardCompletion(cardId: $c, completion: "interviewQuestions") { cardId } }',
      async (w) => ({ c: (await freshCard(w)).id }),
    ),
  },
  // Evidence cards: those who may create evidence (limited contributors too).
  generateEvidence: {
    kind: 'organization',
    allowed: MEMBERS,
    run: mutation(
      'mutation($p: ID!) { generateEvidence(projectId: $p, notes: "She spends four hours every Sunday counting stock.") { cardId } }',
      async (w) => ({ p: await freshDescribedProject(w) }),
    ),
  },
  // Suggestions belong to an evidence card: those who may edit it decide.
  suggestConnections: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation('mutation($c: ID!) { suggestConnections(cardId: $c) { cardId } }', async (w) => ({
      c: (await freshEvidence(w)).id,
    })),
  },
  acceptConnectionSuggestion: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($id: ID!) { acceptConnectionSuggestion(id: $id) { cardId } }',
      async (w) => ({
        id: await freshSuggestion(w),
      }),
    ),
  },
  dismissConnectionSuggestion: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation(
      'mutation($id: ID!) { dismissConnectionSuggestion(id: $id) { cardId } }',
      async (w) => ({
        id: await freshSuggestion(w),
      }),
    ),
  },
  retryGeneration: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation('mutation($id: ID!) { retryGeneration(id: $id) { id } }', async (w) => ({
      id: await freshFailedGeneration(w),
    })),
  },
  // File summaries (enterprise): those who may edit the card.
  summarizeFile: {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const card = await freshCard(w);
      const host = { host: `${w.org.slug}.assay.test` };
      const key = await uploadAs(
        built,
        w.owner,
        { host: host.host, collection: 'cards', locationId: card.id, filename: 'notes.txt' },
        Buffer.from('Maria counts her stock every Sunday evening by hand.'),
      );
      const file = (
        await w.owner.post(`/api/canvas/cards/${card.id}/media`, { key }, host)
      ).json() as { id: string };
      return onOrg(actor, w.org.slug, 'mutation($m: ID!) { summarizeFile(mediaId: $m) { id } }', {
        m: file.id,
      });
    },
  },
  // The assistant reads: anyone who sees the project asks it.
  askAssistant: {
    kind: 'organization',
    allowed: MEMBERS,
    run: mutation(
      'mutation($p: ID!) { askAssistant(projectId: $p, question: "Who pays?") { answer } }',
      async (w) => ({ p: await freshDescribedProject(w) }),
    ),
  },
  // The petal diagram is part of the dashboard: dashboard:write.
  createPetal: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      'mutation($p: ID!) { createPetal(projectId: $p, input: { title: "Rivals" }) { tabOrder } }',
      async (w) => ({
        p: await freshProjectId(w),
      }),
    ),
  },
  updatePetal: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const petal = await freshPetal(w);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($p: ID!, $c: ID!) { updatePetal(projectId: $p, petalId: $c, input: { value: "Cheap" }) { tabOrder } }',
        { p: petal.projectId, c: petal.petalId },
      );
    },
  },
  deletePetal: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const petal = await freshPetal(w);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($p: ID!, $c: ID!) { deletePetal(projectId: $p, petalId: $c) { tabOrder } }',
        { p: petal.projectId, c: petal.petalId },
      );
    },
  },
  createPetalCompany: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const petal = await freshPetal(w);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($p: ID!, $c: ID!) { createPetalCompany(projectId: $p, petalId: $c, input: { name: "Sheets" }) { tabOrder } }',
        { p: petal.projectId, c: petal.petalId },
      );
    },
  },
  updatePetalCompany: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const petal = await freshPetal(w);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($p: ID!, $c: ID!, $o: ID!) { updatePetalCompany(projectId: $p, petalId: $c, companyId: $o, input: { name: "Excel" }) { tabOrder } }',
        { p: petal.projectId, c: petal.petalId, o: petal.companyId },
      );
    },
  },
  deletePetalCompany: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const petal = await freshPetal(w);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($p: ID!, $c: ID!, $o: ID!) { deletePetalCompany(projectId: $p, petalId: $c, companyId: $o) { tabOrder } }',
        { p: petal.projectId, c: petal.petalId, o: petal.companyId },
      );
    },
  },
  // Comments need comment:write in the card's project (limited contributors have it too).
  addComment: {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      onOrg(actor, w.org.slug, 'mutation($i: JSON!) { addComment(input: $i) { id } }', {
        i: { subjectType: 'card', subjectId: (await freshCard(w)).id, body: 'Hello' },
      }),
  },
  // Editing is the author's alone: the owner's comment refuses everyone else.
  updateComment: {
    kind: 'organization',
    allowed: ['owner'],
    run: async (w, actor) =>
      onOrg(actor, w.org.slug, 'mutation($i: JSON!) { updateComment(input: $i) { id } }', {
        i: { commentId: await freshComment(w), body: 'Edited' },
      }),
  },
  // Deleting another's comment needs comment:admin: organisation owners and admins.
  deleteComment: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      onOrg(actor, w.org.slug, 'mutation($id: ID!) { deleteComment(commentId: $id) }', {
        id: await freshComment(w),
      }),
  },
  likeComment: {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      onOrg(
        actor,
        w.org.slug,
        'mutation($id: ID!) { likeComment(commentId: $id, like: true) { id } }',
        {
          id: await freshComment(w),
        },
      ),
  },
  // A notification is its member's alone: nobody else's id is found.
  favoriteNotification: {
    kind: 'organization',
    allowed: [],
    run: mutation(
      'mutation { favoriteNotification(id: "00000000-0000-4000-8000-000000000000", favorite: true) { id } }',
      async () => ({}),
    ),
  },
  // A published experiment: members who write cards may change it.
  updateExperiment: {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const projectId = await freshProjectId(w);
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { createCard(input: $i) { id version } }',
        { i: { projectId, type: 'experiment', title: 'Matrix experiment' } },
      );
      const card = made.data?.createCard as { id: string; version: number };
      const published = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { version } }',
        { id: card.id, v: card.version },
      );
      return onOrg(
        actor,
        w.org.slug,
        'mutation($i: JSON!) { updateExperiment(input: $i) { id } }',
        {
          i: {
            cardId: card.id,
            version: (published.data?.publishCard as { version: number }).version,
            keyLearnings: 'Learned',
          },
        },
      );
    },
  },
  // A draft interview is its creator's alone.
  updateInterview: {
    kind: 'organization',
    allowed: ['owner'],
    run: async (w, actor) => {
      const projectId = await freshProjectId(w);
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { createCard(input: $i) { id version } }',
        {
          i: { projectId, type: 'interview', title: 'Matrix interview' },
        },
      );
      const card = made.data?.createCard as { id: string; version: number };
      return onOrg(actor, w.org.slug, 'mutation($i: JSON!) { updateInterview(input: $i) { id } }', {
        i: { cardId: card.id, version: card.version, addInterviewee: { name: 'Ana' } },
      });
    },
  },
  // Transcriptions need an entry first, which needs a transcription service: a missing entry is
  // refused for everyone, which is what these check (the flow itself is in transcription.test.ts).
  updateTranscriptionText: {
    kind: 'organization',
    allowed: [],
    run: mutation(
      'mutation { updateTranscriptionText(entryId: "00000000-0000-4000-8000-000000000000", body: "x") { id } }',
      async () => ({}),
    ),
  },
  updateTranscriptionSpeaker: {
    kind: 'organization',
    allowed: [],
    run: mutation(
      'mutation { updateTranscriptionSpeaker(entryId: "00000000-0000-4000-8000-000000000000", speakerIdx: 1) { id } }',
      async () => ({}),
    ),
  },
  deleteTranscription: {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      onOrg(actor, w.org.slug, 'mutation($id: ID!) { deleteTranscription(cardId: $id) }', {
        id: (await freshCard(w)).id,
      }),
  },
  createPublicBoard: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const { projectId } = await freshBoard(w);
      const other = await freshProjectId(w);
      await onOrg(
        w.owner,
        w.org.slug,
        'mutation($id: ID!, $s: JSON!) { updateProjectSettings(id: $id, settings: $s) { id } }',
        { id: other, s: { publicPortal: true } },
      );
      void projectId;
      return onOrg(
        actor,
        w.org.slug,
        `mutation($i: JSON!) { createPublicBoard(input: $i) ${PORTAL_STATE} }`,
        {
          i: {
            projectId: other,
            name: 'Roadmap',
            link: `matrix-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          },
        },
      );
    },
  },
  updatePublicBoard: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($i: JSON!) { updatePublicBoard(input: $i) ${PORTAL_STATE} }`,
      boardInput({ name: 'Renamed' }),
    ),
  },
  deletePublicBoard: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation('mutation($id: ID!) { deletePublicBoard(boardId: $id) }', async (w) => ({
      id: (await freshBoard(w)).boardId,
    })),
  },
  createPublicCategory: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($i: JSON!) { createPublicCategory(input: $i) ${PORTAL_STATE} }`,
      boardInput({ name: 'Mobile' }),
    ),
  },
  updatePublicCategory: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($i: JSON!) { updatePublicCategory(input: $i) ${PORTAL_STATE} }`,
      async (w) => ({ i: { categoryId: (await freshBoard(w)).categoryId, name: 'Apps' } }),
    ),
  },
  deletePublicCategory: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const { boardId } = await freshBoard(w);
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { createPublicCategory(input: $i) { categories { id } } }',
        { i: { boardId, name: 'Second' } },
      );
      const id = (made.data?.createPublicCategory as { categories: { id: string }[] })
        .categories[1]!.id;
      return onOrg(
        actor,
        w.org.slug,
        `mutation($id: ID!) { deletePublicCategory(categoryId: $id) ${PORTAL_STATE} }`,
        { id },
      );
    },
  },
  reorderPublicCategories: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($b: ID!, $ids: [ID!]!) { reorderPublicCategories(boardId: $b, categoryIds: $ids) ${PORTAL_STATE} }`,
      async (w) => {
        const { boardId, categoryId } = await freshBoard(w);
        return { b: boardId, ids: [categoryId] };
      },
    ),
  },
  createPublicSection: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($i: JSON!) { createPublicSection(input: $i) ${PORTAL_STATE} }`,
      boardInput({ name: 'Beta' }),
    ),
  },
  updatePublicSection: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($i: JSON!) { updatePublicSection(input: $i) ${PORTAL_STATE} }`,
      boardInput({ key: 'planned', name: 'Next' }),
    ),
  },
  deletePublicSection: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($b: ID!) { deletePublicSection(boardId: $b, key: "planned") ${PORTAL_STATE} }`,
      async (w) => ({ b: (await freshBoard(w)).boardId }),
    ),
  },
  reorderPublicSections: {
    kind: 'organization',
    allowed: MANAGERS,
    run: mutation(
      `mutation($b: ID!) { reorderPublicSections(boardId: $b, keys: ["released", "inProgress", "planned", "consideration"]) ${PORTAL_STATE} }`,
      async (w) => ({ b: (await freshBoard(w)).boardId }),
    ),
  },
  updatePublicCard: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation('mutation($i: JSON!) { updatePublicCard(input: $i) { id } }', async (w) => ({
      i: { cardId: (await freshPublicCard(w)).cardId, content: { title: 'Edited' } },
    })),
  },
  movePublicCard: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation('mutation($i: JSON!) { movePublicCard(input: $i) { id } }', async (w) => ({
      i: { cardId: (await freshPublicCard(w)).cardId, section: 'planned' },
    })),
  },
  deletePublicCard: {
    kind: 'organization',
    allowed: CREATORS,
    run: mutation('mutation($id: ID!) { deletePublicCard(cardId: $id) }', async (w) => ({
      id: (await freshPublicCard(w)).cardId,
    })),
  },
  createCohort: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor) =>
      onOrg(actor, w.org.slug, 'mutation { createCohort(input: { name: "Mine" }) { id } }'),
    ),
  },
  updateCohort: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      onOrg(actor, w.org.slug, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
        i: { cohortId, name: 'Renamed' },
      }),
    ),
  },
  createCohortTeam: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      onOrg(
        actor,
        w.org.slug,
        'mutation($c: ID!) { createCohortTeam(cohortId: $c, name: "Team A") { id } }',
        { c: cohortId },
      ),
    ),
  },
  inviteToCohort: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      onOrg(
        actor,
        w.org.slug,
        'mutation($c: ID!, $i: JSON!) { inviteToCohort(cohortId: $c, invitations: $i) { invited } }',
        { c: cohortId, i: [{ email: uniqueEmail('c'), cohortRole: 'mentor', team: null }] },
      ),
    ),
  },
  importCohortCsv: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      onOrg(
        actor,
        w.org.slug,
        'mutation($c: ID!, $t: String!) { importCohortCsv(cohortId: $c, filename: "s.csv", text: $t) { invited } }',
        { c: cohortId, t: `email,role\n${uniqueEmail('v')},observer` },
      ),
    ),
  },
  updateTeamPresentation: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const { teamPresentationId } = await freshTeamPresentation(w, cohortId);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($i: JSON!) { updateTeamPresentation(input: $i) { id } }',
        { i: { teamPresentationId, name: 'Our pivot' } },
      );
    }),
  },
  updateProjectEmail: {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      onOrg(actor, w.org.slug, 'mutation($i: JSON!) { updateProjectEmail(input: $i) { email } }', {
        i: { projectId: await freshProjectId(w) },
      }),
  },
  // Instructors and mentors review too (reviews.test.ts); here: the organisation's managers.
  reviewHypothesis: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const team = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($c: ID!) { createCohortTeam(cohortId: $c, name: "Matrix team") { teams { id name } } }',
        { c: cohortId },
      );
      const teamId = (
        team.data?.createCohortTeam as { teams: { id: string; name: string }[] }
      ).teams.find((t) => t.name === 'Matrix team')!.id;
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { createCard(input: $i) { id version } }',
        { i: { projectId: teamId, type: 'hypothesis', title: 'Ready for review', draft: false } },
      );
      const card = made.data?.createCard as { id: string; version: number };
      await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { updateHypothesis(input: $i) { id } }',
        {
          i: { cardId: card.id, version: card.version, reviewRequested: true },
        },
      );
      return onOrg(
        actor,
        w.org.slug,
        'mutation($i: JSON!) { reviewHypothesis(input: $i) { state } }',
        { i: { cardId: card.id, decision: 'approve' } },
      );
    }),
  },
  setCohortRole: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) =>
      onOrg(actor, w.org.slug, 'mutation($i: JSON!) { setCohortRole(input: $i) { id } }', {
        i: { cohortId, profileId: await freshMemberId(w), role: 'mentor' },
      }),
    ),
  },
  setCohortTeamRole: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($c: ID!) { createCohortTeam(cohortId: $c, name: "Movers") { teams { id isSample } } }',
        { c: cohortId },
      );
      const teams = (made.data?.createCohortTeam as { teams: { id: string; isSample: boolean }[] })
        .teams;
      return onOrg(
        actor,
        w.org.slug,
        'mutation($i: JSON!) { setCohortTeamRole(input: $i) { id } }',
        {
          i: {
            cohortId,
            teamId: teams.find((t) => !t.isSample)!.id,
            profileId: await freshMemberId(w),
            role: 'collaborator',
          },
        },
      );
    }),
  },
  removeFromCohort: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) =>
      onOrg(
        actor,
        w.org.slug,
        'mutation($c: ID!, $p: ID!) { removeFromCohort(cohortId: $c, profileId: $p) { id } }',
        { c: cohortId, p: await freshMemberId(w) },
      ),
    ),
  },
  createPresentation: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      onOrg(actor, w.org.slug, 'mutation($i: JSON!) { createPresentation(input: $i) { id } }', {
        i: { cohortId, name: 'Pitch' },
      }),
    ),
  },
  updatePresentation: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const { presentationId } = await freshTeamPresentation(w, cohortId);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($i: JSON!) { updatePresentation(input: $i) { id } }',
        {
          i: { presentationId, name: 'Renamed' },
        },
      );
    }),
  },
  deletePresentation: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const { presentationId } = await freshTeamPresentation(w, cohortId);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($id: ID!) { deletePresentation(presentationId: $id) }',
        {
          id: presentationId,
        },
      );
    }),
  },
  scoreTeamPresentation: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const { teamPresentationId } = await freshTeamPresentation(w, cohortId);
      return onOrg(
        actor,
        w.org.slug,
        'mutation($i: JSON!) { scoreTeamPresentation(input: $i) { id } }',
        {
          i: { teamPresentationId, score: 4 },
        },
      );
    }),
  },
  updateCohortResources: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      onOrg(
        actor,
        w.org.slug,
        'mutation($i: JSON!) { updateCohortResources(input: $i) { videos { id } } }',
        {
          i: { cohortId, videos: [{ id: 'v1', title: 'Intro', url: 'https://example.com/v1' }] },
        },
      ),
    ),
  },
  cohortVideoWatched: {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { updateCohortResources(input: $i) { videos { id } } }',
        {
          i: { cohortId, videos: [{ id: 'v1', title: 'Intro', url: 'https://example.com/v1' }] },
        },
      );
      return onOrg(
        actor,
        w.org.slug,
        'mutation($c: ID!) { cohortVideoWatched(cohortId: $c, videoId: "v1") { videos { id } } }',
        {
          c: cohortId,
        },
      );
    }),
  },
  // Account mutations act on the signed-in user only.
  startMfaSetup: { kind: 'signedIn' },
  enableMFA: { kind: 'signedIn' },
  disableMFA: { kind: 'signedIn' },
  changeEmail: { kind: 'signedIn' },
  updatePassword: { kind: 'signedIn' },
};

const REST: Record<string, Rule> = {
  'POST /api/cohort/cohorts/:cohortId/resource-media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const key = await freshUpload(w, 'cohortResources', cohortId);
      return actor.post(`/api/cohort/cohorts/${cohortId}/resource-media`, { key }, onHost(w));
    }),
  },
  'DELETE /api/cohort/cohorts/:cohortId/resource-media/:mediaId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      const key = await freshUpload(w, 'cohortResources', cohortId);
      const file = await w.owner.post(
        `/api/cohort/cohorts/${cohortId}/resource-media`,
        { key },
        onHost(w),
      );
      const mediaId = (file.json() as { id: string }).id;
      return actor.delete(
        `/api/cohort/cohorts/${cohortId}/resource-media/${mediaId}`,
        undefined,
        onHost(w),
      );
    }),
  },
  'POST /api/org/cohorts/:cohortId/accounts': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) =>
      actor.post(
        `/api/org/cohorts/${cohortId}/accounts`,
        { token: await sandboxToken(w) },
        onHost(w),
      ),
    ),
  },
  'GET /api/org/cohorts/:cohortId/billing': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      actor.get(`/api/org/cohorts/${cohortId}/billing`, onHost(w)),
    ),
  },
  'PUT /api/org/cohorts/:cohortId/billing': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      await cohortAccount(w, cohortId);
      return actor.put(
        `/api/org/cohorts/${cohortId}/billing`,
        { token: await sandboxToken(w) },
        onHost(w),
      );
    }),
  },
  'GET /api/org/cohorts/:cohortId/adjustments': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic((w, actor, cohortId) =>
      actor.get(`/api/org/cohorts/${cohortId}/adjustments`, onHost(w)),
    ),
  },
  'GET /api/org/cohorts/:cohortId/invoices/:invoiceId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (w, actor, cohortId) => {
      await cohortAccount(w, cohortId);
      const invoice = await built.services.payments.purchase({
        accountCode: `cohort-${cohortId}`,
        description: 'Seats',
        cents: 1000,
      });
      return actor.get(`/api/org/cohorts/${cohortId}/invoices/${invoice.id}`, onHost(w));
    }),
  },
  // Each member pays their own editor fee: here the owner's, so only the owner may.
  'POST /api/org/profiles/:profileId/cohorts/:cohortId/accounts': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: asAcademic(async (w, actor, cohortId) => {
      await onOrg(w.owner, w.org.slug, 'mutation($i: JSON!) { updateCohort(input: $i) { id } }', {
        i: { cohortId, payment: { editorPay: true, editorFeeInCents: 1000 } },
      });
      const boot = await w.owner.get('/api/bootstrap', onHost(w));
      const profileId = (boot.json() as { membership: { profileId: string } }).membership.profileId;
      return actor.post(
        `/api/org/profiles/${profileId}/cohorts/${cohortId}/accounts`,
        { paymentToken: await sandboxToken(w) },
        onHost(w),
      );
    }),
  },
  'POST /api/cohort/team-presentations/:id/media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (world, agent, cohortId) => {
      const { teamPresentationId } = await freshTeamPresentation(world, cohortId);
      const key = await freshUpload(world, 'presentations', teamPresentationId);
      return agent.post(
        `/api/cohort/team-presentations/${teamPresentationId}/media`,
        { key },
        onHost(world),
      );
    }),
  },
  'DELETE /api/cohort/team-presentations/:id/media/:mediaId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: asAcademic(async (world, agent, cohortId) => {
      const { teamPresentationId } = await freshTeamPresentation(world, cohortId);
      const key = await freshUpload(world, 'presentations', teamPresentationId);
      const file = await world.owner.post(
        `/api/cohort/team-presentations/${teamPresentationId}/media`,
        { key },
        onHost(world),
      );
      const mediaId = (file.json() as { id: string }).id;
      return agent.delete(
        `/api/cohort/team-presentations/${teamPresentationId}/media/${mediaId}`,
        undefined,
        onHost(world),
      );
    }),
  },
  'GET /api/public/portals/:link': { kind: 'public', why: 'the portal is for visitors' },
  'GET /api/public/portals/:link/media/:mediaId': {
    kind: 'public',
    why: 'images shown by live public cards',
  },
  'POST /api/org/public-boards/:id/media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const { boardId } = await freshBoard(w);
      const key = await freshUpload(w, 'publicBoard', boardId);
      return actor.post(`/api/org/public-boards/${boardId}/media`, { key }, onHost(w));
    },
  },
  'DELETE /api/org/public-boards/:id/media/:mediaId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const { boardId } = await freshBoard(w);
      const key = await freshUpload(w, 'publicBoard', boardId);
      const image = await w.owner.post(
        `/api/org/public-boards/${boardId}/media`,
        { key },
        onHost(w),
      );
      const mediaId = (image.json() as { id: string }).id;
      return actor.delete(
        `/api/org/public-boards/${boardId}/media/${mediaId}`,
        undefined,
        onHost(w),
      );
    },
  },
  'GET /api/proj/projects/:id/integrations': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/proj/projects/${await freshProjectId(w)}/integrations`, onHost(w)),
  },
  'GET /api/proj/projects/:id/integrations/:name': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/proj/projects/${await freshProjectId(w)}/integrations/slack`, onHost(w)),
  },
  'DELETE /api/proj/projects/:id/integrations/:name': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.delete(
        `/api/proj/projects/${await freshProjectId(w)}/integrations/zapier`,
        undefined,
        onHost(w),
      ),
  },
  'POST /api/proj/projects/:id/integrations/slack/test': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.post(
        `/api/proj/projects/${await freshProjectId(w)}/integrations/slack/test`,
        {},
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/slack': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(
        `/api/proj/projects/${await freshProjectId(w)}/slack`,
        { webhookUrl: 'https://hooks.slack.com/services/T1/B1/x', channel: 'general' },
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/zapier': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(`/api/proj/projects/${await freshProjectId(w)}/zapier`, {}, onHost(w)),
  },
  'PATCH /api/proj/projects/:id/zapier': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.request(
        'PATCH',
        `/api/proj/projects/${await freshProjectId(w)}/zapier`,
        { enabled: false },
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/figma': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(`/api/proj/projects/${await freshProjectId(w)}/figma`, {}, onHost(w)),
  },
  'PUT /api/canvas/cards/:cardId/figma': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.put(
        `/api/canvas/cards/${(await freshCard(w)).id}/figma`,
        { url: `https://www.figma.com/file/${'A'.repeat(22)}/Flow` },
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/jira': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(
        `/api/proj/projects/${await freshProjectId(w)}/jira?configure=true`,
        { baseUrl: 'not a site', email: 'pm@example.com', apiToken: 't' },
        onHost(w),
      ),
  },
  'GET /api/canvas/cards/:cardId/jira/:kind': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.get(`/api/canvas/cards/${(await freshCard(w)).id}/jira/createMeta`, onHost(w)),
  },
  'POST /api/canvas/cards/:cardId/jira': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.post(
        `/api/canvas/cards/${(await freshCard(w)).id}/jira`,
        { projectKey: 'OPS', type: 'Story' },
        onHost(w),
      ),
  },
  'POST /api/proj/projects/:id/trello': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.post(`/api/proj/projects/${await freshProjectId(w)}/trello`, {}, onHost(w)),
  },
  'GET /api/canvas/cards/:cardId/trello': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/canvas/cards/${(await freshCard(w)).id}/trello`, onHost(w)),
  },
  'POST /api/canvas/cards/:cardId/trello': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.post(
        `/api/canvas/cards/${(await freshCard(w)).id}/trello`,
        { url: 'https://example.com/not-trello' },
        onHost(w),
      ),
  },
  'DELETE /api/canvas/cards/:cardId/trello/:trelloId': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.delete(
        `/api/canvas/cards/${(await freshCard(w)).id}/trello/5f0000000000000000000001`,
        undefined,
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/intercom': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(`/api/proj/projects/${await freshProjectId(w)}/intercom`, {}, onHost(w)),
  },
  'POST /api/proj/projects/:id/integrations/intercom/import': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.post(
        `/api/proj/projects/${await freshProjectId(w)}/integrations/intercom/import`,
        {},
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/zoom': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(`/api/proj/projects/${await freshProjectId(w)}/zoom`, {}, onHost(w)),
  },
  'PUT /api/canvas/cards/:cardId/meeting': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.put(
        `/api/canvas/cards/${(await freshCard(w)).id}/meeting`,
        { meetingUUID: 'abc' },
        onHost(w),
      ),
  },
  'POST /api/canvas/cards/:cardId/meeting/recording': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.post(`/api/canvas/cards/${(await freshCard(w)).id}/meeting/recording`, {}, onHost(w)),
  },
  'GET /api/proj/projects/:id/token': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.get(`/api/proj/projects/${await freshProjectId(w)}/token`, onHost(w)),
  },
  'GET /api/users/tokens': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) => actor.get('/api/users/tokens', onHost(w)),
  },
  'DELETE /api/users/tokens/:tokenId': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) => {
      // Each member revokes their own token; the owner's is not theirs to revoke.
      const mine = (await actor.get('/api/users/tokens', onHost(w))).json() as {
        tokens?: { id: string }[];
      };
      const id = mine.tokens?.[0]?.id ?? '00000000-0000-0000-0000-000000000000';
      return actor.delete(`/api/users/tokens/${id}`, undefined, onHost(w));
    },
  },
  'POST /api/auth/tokens': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) =>
      actor.post('/api/auth/tokens', { name: 'Matrix', organizationId: w.org.id, access: 'read' }),
  },
  'DELETE /api/auth/tokens/:tokenId': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) => {
      // Each member revokes a token of their own in the organisation.
      const made = await actor.post('/api/auth/tokens', {
        name: 'Matrix',
        organizationId: w.org.id,
        access: 'read',
      });
      const id =
        (made.json() as { accessToken?: { id: string } }).accessToken?.id ??
        '00000000-0000-0000-0000-000000000000';
      return actor.delete(`/api/auth/tokens/${id}`);
    },
  },
  'GET /api/org/access-tokens': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) => actor.get('/api/org/access-tokens', onHost(w)),
  },
  'DELETE /api/org/access-tokens/:tokenId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const made = await w.owner.post('/api/auth/tokens', {
        name: 'Matrix',
        organizationId: w.org.id,
        access: 'read',
      });
      const { accessToken } = made.json() as { accessToken: { id: string } };
      return actor.delete(`/api/org/access-tokens/${accessToken.id}`, undefined, onHost(w));
    },
  },
  'GET /api/extension/projects': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) => actor.get('/api/extension/projects', onHost(w)),
  },
  'POST /api/extension/evidence': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.post(
        '/api/extension/evidence',
        { projectId: await freshProjectId(w), title: 'Clip', text: 'Seen on a forum' },
        onHost(w),
      ),
  },
  'POST /api/inbound/mail': { kind: 'public', why: 'the inbound-mail secret is the credential' },
  'POST /api/payments/webhooks': {
    kind: 'public',
    why: 'the recurly-signature (HMAC with the endpoint key) is the credential',
  },
  'GET /api/zapier/me': { kind: 'public', why: 'the project API key is the credential' },
  'POST /api/zapier/hooks': { kind: 'public', why: 'the project API key is the credential' },
  'DELETE /api/zapier/hooks/:hookId': {
    kind: 'public',
    why: 'the project API key is the credential',
  },
  'GET /api/zapier/samples/:event': {
    kind: 'public',
    why: 'the project API key is the credential',
  },
  'GET /api/health': { kind: 'public', why: 'liveness' },
  'GET /api/health/ready': { kind: 'public', why: 'readiness' },
  'GET /api/docs/openapi.json': { kind: 'public', why: 'the API’s documentation' },
  'GET /api/docs/export/project-v1.schema.json': {
    kind: 'public',
    why: 'the documentation of the export’s format',
  },
  'GET /api/docs/gateway.graphql': { kind: 'public', why: 'the API’s documentation' },
  'GET /api/demo': { kind: 'public', why: 'says whether the demo is offered' },
  'POST /api/demo': {
    kind: 'public',
    why: 'enters the demo organisation (DEMO_ENABLED; off in production)',
  },
  'GET /api/bootstrap': { kind: 'public', why: 'says who is signed in, if anyone' },
  'POST /api/gateway/query': { kind: 'public', why: 'each operation is in the gateway matrix' },
  'GET /api/auth/organizations/:slug': { kind: 'public', why: 'slug check' },
  'HEAD /api/auth/organizations/:slug': { kind: 'public', why: 'slug check' },
  'GET /api/auth/keys/:code': { kind: 'public', why: 'beta code check' },
  'HEAD /api/auth/keys/:code': { kind: 'public', why: 'beta code check' },
  'POST /api/auth/signups': { kind: 'public', why: 'sign-up' },
  'GET /api/auth/token': { kind: 'public', why: 'the token is the credential' },
  'POST /api/auth/users': { kind: 'public', why: 'the token is the credential' },
  'POST /api/auth/session': { kind: 'public', why: 'sign-in' },
  'POST /api/auth/password/forgot': { kind: 'public', why: 'reset request' },
  'PUT /api/auth/password': { kind: 'public', why: 'the token is the credential' },
  'PUT /api/auth/email': { kind: 'public', why: 'the token is the credential' },
  'GET /api/auth/handoff': { kind: 'public', why: 'the token is the credential' },
  'GET /api/dev/mail': { kind: 'public', why: 'the dev inbox, absent in production' },
  'DELETE /api/auth/session/:id': { kind: 'signedIn' },
  'DELETE /api/auth/session': { kind: 'signedIn' },
  'GET /api/auth/sessions': { kind: 'signedIn' },
  'GET /api/auth/me': { kind: 'signedIn' },
  'GET /api/auth/tokens': { kind: 'signedIn' },
  'DELETE /api/auth/me': { kind: 'signedIn' },
  'GET /api/auth/invites': { kind: 'signedIn' },
  'POST /api/auth/handoff': { kind: 'signedIn' },
  'GET /api/org/organizations': { kind: 'signedIn' },
  'POST /api/org/organizations': { kind: 'signedIn' },
  'POST /api/users/profiles': { kind: 'signedIn' },
  'PUT /api/org/organizations/:id': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) =>
      actor.put(
        `/api/org/organizations/${w.org.id}`,
        { location: 'Boston' },
        { host: `${w.org.slug}.assay.test` },
      ),
  },
  // Single sign-on (issue #25): owners on Enterprise set it up; the sign-in steps are public,
  // each answer proving itself (state or request taken once, signatures, the browser).
  'GET /api/org/sso': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) => actor.get('/api/org/sso', onHost(w)),
  },
  'PUT /api/org/sso': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) => actor.put('/api/org/sso', { enabled: false, protocol: 'oidc' }, onHost(w)),
  },
  // A domain's proof (issue #47): owners only, on a domain the organisation lists.
  'POST /api/org/sso/domains/:domain/dns-check': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: async (w, actor) => {
      await listDomain(w.org.id, 'matrix.example');
      return actor.post('/api/org/sso/domains/matrix.example/dns-check', {}, onHost(w));
    },
  },
  'POST /api/org/sso/domains/:domain/mail': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: async (w, actor) => {
      await listDomain(w.org.id, 'matrix.example');
      return actor.post(
        '/api/org/sso/domains/matrix.example/mail',
        { mailbox: 'admin' },
        onHost(w),
      );
    },
  },
  'POST /api/auth/sso/domains/confirm': {
    kind: 'public',
    why: 'the single-use link mailed to an administrative mailbox of the domain is the credential',
  },
  'POST /api/auth/sso/link': {
    kind: 'public',
    why: 'the single-use link mailed to the account is the credential; it only allows single sign-on, which must then sign in',
  },
  'GET /api/auth/sso/:slug/start': { kind: 'public', why: 'sends the browser to the provider' },
  'GET /api/auth/sso/:slug/oidc/callback': {
    kind: 'public',
    why: 'the state taken once and the validated ID token are the credential',
  },
  'POST /api/auth/sso/:slug/saml/acs': {
    kind: 'public',
    why: 'the signed assertion answering this browser’s request, taken once, is the credential',
  },
  'GET /api/auth/sso/:slug/saml/metadata': {
    kind: 'public',
    why: 'what an identity provider registers',
  },
  // Billing (part 1 §7.3): owners pay and change plans; owners and admins read.
  'GET /api/payments/config': { kind: 'public', why: 'which card element to show' },
  'POST /api/payments/sandbox/js/v1/token': { kind: 'signedIn' },
  'GET /api/org/organizations/:id/billing': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) => actor.get(`/api/org/organizations/${w.org.id}/billing`),
  },
  'PUT /api/org/organizations/:id/billing': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    // An empty token: the owner gets past the policy to the payment-details error.
    run: (w, actor) => actor.put(`/api/org/organizations/${w.org.id}/billing`, { token: '' }),
  },
  'PUT /api/org/organizations/:id/billing/address': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    // An incomplete address: the owner gets past the policy to the address's own message.
    run: (w, actor) =>
      actor.put(`/api/org/organizations/${w.org.id}/billing/address`, { name: 'Ada' }),
  },
  'POST /api/org/organizations/:id/sales-requests': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) =>
      actor.post(`/api/org/organizations/${w.org.id}/sales-requests`, { message: 'Tell me more' }),
  },
  'GET /api/org/organizations/:id/subscriptions': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) => actor.get(`/api/org/organizations/${w.org.id}/subscriptions`),
  },
  'POST /api/org/organizations/:id/subscription': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    // No plan code: the owner gets past the policy to the validation error; nothing is bought.
    run: (w, actor) => actor.post(`/api/org/organizations/${w.org.id}/subscription`, {}),
  },
  'PUT /api/org/organizations/:id/subscriptions': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) => actor.put(`/api/org/organizations/${w.org.id}/subscriptions`, {}),
  },
  'DELETE /api/org/organizations/:id/subscriptions': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) => actor.delete(`/api/org/organizations/${w.org.id}/subscriptions`),
  },
  'PATCH /api/org/organizations/:id/subscriptions': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) =>
      actor.request('PATCH', `/api/org/organizations/${w.org.id}/subscriptions`, {}),
  },
  'GET /api/org/organizations/:id/coupons/:code': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) => actor.get(`/api/org/organizations/${w.org.id}/coupons/SAVE10`),
  },
  'GET /api/org/organizations/:id/adjustments': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) => actor.get(`/api/org/organizations/${w.org.id}/adjustments`),
  },
  'GET /api/org/organizations/:id/invoices': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) => actor.get(`/api/org/organizations/${w.org.id}/invoices`),
  },
  'GET /api/org/organizations/:id/invoices/:invoiceId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.get(`/api/org/organizations/${w.org.id}/invoices/${await worldInvoice(w)}?format=pdf`),
  },
  'GET /api/org/organizations/:id/invoices/:invoiceId/pdf': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.get(`/api/org/organizations/${w.org.id}/invoices/${await worldInvoice(w)}/pdf`),
  },
  'PUT /api/org/organizations/:id/resources': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) =>
      actor.put(
        `/api/org/organizations/${w.org.id}/resources`,
        {
          disabled: false,
          items: [{ id: 'guide', title: 'Guide', link: 'https://example.com/guide' }],
        },
        { host: `${w.org.slug}.assay.test` },
      ),
  },
  'DELETE /api/org/organizations/:id/membership': {
    kind: 'organization',
    allowed: MEMBERS,
    // Each member leaves, then is put back as they were, so the world stays whole; the only owner
    // gets past the policy to the last-owner refusal.
    run: async (w, actor) => {
      const host = { host: `${w.org.slug}.assay.test` };
      const me = (await actor.get('/api/bootstrap', host)).json() as {
        membership: { profileId: string; role: string } | null;
      };
      const answer = await actor.delete(`/api/org/organizations/${w.org.id}/membership`);
      if (answer.statusCode === 200 && me.membership) {
        await built.services.database.db
          .update(profiles)
          .set({ role: me.membership.role })
          .where(eq(profiles.id, me.membership.profileId));
      }
      return answer;
    },
  },
  'DELETE /api/org/organizations/:id': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    // The owner schedules the deletion (its name typed), then it is put back as it was.
    run: async (w, actor) => {
      const [organization] = await built.services.database.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, w.org.id));
      const answer = await actor.delete(`/api/org/organizations/${w.org.id}`, {
        confirm: organization?.name ?? '',
      });
      await built.services.database.db
        .update(organizations)
        .set({ deletionDueAt: null })
        .where(eq(organizations.id, w.org.id));
      return answer;
    },
  },
  'POST /api/org/organizations/:id/restore': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    // Scheduled for deletion first, so there is something to restore; open again after.
    run: async (w, actor) => {
      const db = built.services.database.db;
      const due = new Date(Date.now() + 24 * 60 * 60 * 1000);
      await db
        .update(organizations)
        .set({ deletionDueAt: due })
        .where(eq(organizations.id, w.org.id));
      const answer = await actor.post(`/api/org/organizations/${w.org.id}/restore`, {});
      await db
        .update(organizations)
        .set({ deletionDueAt: null })
        .where(eq(organizations.id, w.org.id));
      return answer;
    },
  },
  'POST /api/org/organizations/:id/exports': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) => actor.post(`/api/org/organizations/${w.org.id}/exports`, {}),
  },
  'GET /api/org/organizations/:id/exports': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    run: (w, actor) => actor.get(`/api/org/organizations/${w.org.id}/exports`),
  },
  'GET /api/org/organizations/:id/exports/:exportId/download': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    // A failed export of the organisation: its owner hears it is not ready, others nothing.
    run: async (w, actor) => {
      const [made] = await built.services.database.db
        .insert(organizationExports)
        .values({ organizationId: w.org.id, requestedBy: crypto.randomUUID(), status: 'failed' })
        .returning();
      return actor.get(`/api/org/organizations/${w.org.id}/exports/${made!.id}/download`);
    },
  },
  'POST /api/org/organizations/:id/ownership': {
    kind: 'organization',
    allowed: OWNER_ONLY,
    // The owner hands the organisation to a fresh member, then both are put back as they were.
    run: async (w, actor) => {
      const host = { host: `${w.org.slug}.assay.test` };
      const me = (await actor.get('/api/bootstrap', host)).json() as {
        membership: { profileId: string; role: string } | null;
      };
      const target = await freshMemberId(w);
      const answer = await actor.post(`/api/org/organizations/${w.org.id}/ownership`, {
        profileId: target,
      });
      if (answer.statusCode === 200 && me.membership) {
        const db = built.services.database.db;
        await db
          .update(profiles)
          .set({ role: me.membership.role })
          .where(eq(profiles.id, me.membership.profileId));
        await db.update(profiles).set({ role: 'collaborator' }).where(eq(profiles.id, target));
      }
      return answer;
    },
  },
  'PUT /api/org/organizations/:id/resources/:resourceId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      await w.owner.put(
        `/api/org/organizations/${w.org.id}/resources`,
        {
          disabled: false,
          items: [{ id: 'guide', title: 'Guide', link: 'https://example.com/guide' }],
        },
        { host: `${w.org.slug}.assay.test` },
      );
      return actor.put(
        `/api/org/organizations/${w.org.id}/resources/guide`,
        { title: 'Field guide' },
        { host: `${w.org.slug}.assay.test` },
      );
    },
  },
  'GET /api/proj/projects/:id': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) => actor.get(`/api/proj/projects/${await freshProjectId(w)}`, onHost(w)),
  },
  'PUT /api/proj/projects/:id': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(`/api/proj/projects/${await freshProjectId(w)}`, { name: 'Renamed' }, onHost(w)),
  },
  'PUT /api/proj/projects/:id/settings': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(
        `/api/proj/projects/${await freshProjectId(w)}/settings`,
        { private: true },
        onHost(w),
      ),
  },
  'POST /api/proj/projects/:id/tags/:tag': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.post(`/api/proj/projects/${await freshProjectId(w)}/tags/fintech`, {}, onHost(w)),
  },
  'DELETE /api/proj/projects/:id/tags/:tag': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.delete(`/api/proj/projects/${await freshProjectId(w)}/tags/fintech`, {}, onHost(w)),
  },
  'POST /api/anc/collections': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) => actor.post('/api/anc/collections', { name: 'Mine' }, onHost(w)),
  },
  'PUT /api/anc/collections/:id': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(
        `/api/anc/collections/${await freshCollectionId(w)}`,
        { name: 'Renamed' },
        onHost(w),
      ),
  },
  'DELETE /api/anc/collections/:id': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.delete(`/api/anc/collections/${await freshCollectionId(w)}`, {}, onHost(w)),
  },
  'POST /api/anc/collections/:id/projects/:projectId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.post(
        `/api/anc/collections/${await freshCollectionId(w)}/projects/${await freshProjectId(w)}`,
        {},
        onHost(w),
      ),
  },
  'DELETE /api/anc/collections/:id/projects/:projectId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.delete(
        `/api/anc/collections/${await freshCollectionId(w)}/projects/${await freshProjectId(w)}`,
        {},
        onHost(w),
      ),
  },
  'GET /api/anc/collections/:id/projects': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/anc/collections/${await freshCollectionId(w)}/projects`, onHost(w)),
  },
  'POST /api/canvas/cards/:cardId/tags/:tag': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.post(`/api/canvas/cards/${(await freshCard(w)).id}/tags/b2b`, undefined, onHost(w)),
  },
  'DELETE /api/canvas/cards/:cardId/tags/:tag': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) =>
      actor.delete(`/api/canvas/cards/${(await freshCard(w)).id}/tags/b2b`, undefined, onHost(w)),
  },
  'GET /api/canvas/:id': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) => actor.get(`/api/canvas/${await freshProjectId(w)}`, onHost(w)),
  },
  'POST /api/proj/projects/:id/sections': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.post(
        `/api/proj/projects/${await freshProjectId(w)}/sections`,
        { sectionType: 'timeline', name: 'Someday' },
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/sections': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(
        `/api/proj/projects/${await freshProjectId(w)}/sections`,
        { sectionType: 'timeline', key: 'now', name: 'Today' },
        onHost(w),
      ),
  },
  'DELETE /api/proj/projects/:id/sections': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.delete(
        `/api/proj/projects/${await freshProjectId(w)}/sections`,
        { sectionType: 'timeline', key: 'future' },
        onHost(w),
      ),
  },
  'PUT /api/proj/projects/:id/score': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.put(
        `/api/proj/projects/${await freshProjectId(w)}/score`,
        { prioritization: 'rice' },
        onHost(w),
      ),
  },
  'GET /api/media/sign': {
    kind: 'organization',
    allowed: MANAGERS,
    run: (w, actor) =>
      actor.get(
        `/api/media/sign?${new URLSearchParams({ filename: 'logo.png', collection: 'organizations', locationId: w.org.id }).toString()}`,
        onHost(w),
      ),
  },
  'PUT /api/media/upload': { kind: 'public', why: 'the signed URL is the credential' },
  'GET /api/media/image': {
    kind: 'public',
    why: 'the signed link is the credential (an organisation’s image, an hour; entities.test.ts)',
  },
  'GET /api/media/download': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) => actor.get((await freshOrgImage(w)).url, onHost(w)),
  },
  'POST /api/org/organizations/:id/media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.post(
        `/api/org/organizations/${w.org.id}/media`,
        { key: await freshUpload(w, 'organizations', w.org.id) },
        onHost(w),
      ),
  },
  'DELETE /api/org/organizations/:id/media/:mediaId': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.delete(
        `/api/org/organizations/${w.org.id}/media/${(await freshOrgImage(w)).id}`,
        undefined,
        onHost(w),
      ),
  },
  'POST /api/users/profiles/:id/media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const profileId = await freshMemberId(w);
      return actor.post(
        `/api/users/profiles/${profileId}/media`,
        { key: await freshUpload(w, 'profiles', profileId) },
        onHost(w),
      );
    },
  },
  'DELETE /api/users/profiles/:id/media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.delete(`/api/users/profiles/${await freshMemberId(w)}/media`, undefined, onHost(w)),
  },
  'GET /api/canvas/interviewees': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) => actor.get('/api/canvas/interviewees', onHost(w)),
  },
  'GET /api/canvas/organizations/:id/interviewees': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) => actor.get(`/api/canvas/organizations/${w.org.id}/interviewees`, onHost(w)),
  },
  'PUT /api/canvas/organizations/:id/interviewees': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) => {
      const projectId = await freshProjectId(w);
      const made = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { createCard(input: $i) { id version } }',
        {
          i: { projectId, type: 'interview', title: 'Contacts' },
        },
      );
      const card = made.data?.createCard as { id: string; version: number };
      const added = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { updateInterview(input: $i) { evidence { interviewees { id } } } }',
        {
          i: { cardId: card.id, version: card.version, addInterviewee: { name: 'Ana' } },
        },
      );
      const id = (added.data?.updateInterview as { evidence: { interviewees: { id: string }[] } })
        .evidence.interviewees[0]?.id;
      return actor.put(
        `/api/canvas/organizations/${w.org.id}/interviewees`,
        { intervieweeUpdates: [{ id, company: 'Cafe' }] },
        onHost(w),
      );
    },
  },
  // Dashboard files: those who may edit the dashboard (organisation and project admins).
  'POST /api/proj/projects/:id/media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const projectId = await freshProjectId(w);
      return actor.post(
        `/api/proj/projects/${projectId}/media`,
        { key: await freshUpload(w, 'projects', projectId), part: 'market' },
        onHost(w),
      );
    },
  },
  'DELETE /api/proj/projects/:id/media': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) => {
      const projectId = await freshProjectId(w);
      const file = (
        await w.owner.post(
          `/api/proj/projects/${projectId}/media`,
          { key: await freshUpload(w, 'projects', projectId), part: 'investment' },
          onHost(w),
        )
      ).json() as { id: string };
      return actor.delete(`/api/proj/projects/${projectId}/media`, { mediaId: file.id }, onHost(w));
    },
  },
  'POST /api/canvas/cards/:cardId/media': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const card = await freshCard(w);
      return actor.post(
        `/api/canvas/cards/${card.id}/media`,
        { key: await freshUpload(w, 'cards', card.id) },
        onHost(w),
      );
    },
  },
  'DELETE /api/canvas/cards/:cardId/media': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const card = await freshCard(w);
      const key = await freshUpload(w, 'cards', card.id);
      const file = (
        await w.owner.post(`/api/canvas/cards/${card.id}/media`, { key }, onHost(w))
      ).json() as { id: string };
      return actor.delete(`/api/canvas/cards/${card.id}/media`, { mediaId: file.id }, onHost(w));
    },
  },
  // The file has no summary yet: every allowed caller hears "nothing to rate" (400, not refused).
  'POST /api/media/feedback': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) => {
      const card = await freshCard(w);
      const key = await freshUpload(w, 'cards', card.id);
      const file = (
        await w.owner.post(`/api/canvas/cards/${card.id}/media`, { key }, onHost(w))
      ).json() as { id: string };
      return actor.post('/api/media/feedback', { mediaId: file.id, helpful: true }, onHost(w));
    },
  },
  // Without a transcription service here every allowed caller gets 503 (not refused); others are refused.
  'POST /api/media/cards/:cardId/transcribe': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const card = await freshCard(w);
      const key = await freshUpload(w, 'cards', card.id);
      const file = (
        await w.owner.post(`/api/canvas/cards/${card.id}/media`, { key }, onHost(w))
      ).json() as { id: string };
      return actor.post(`/api/media/cards/${card.id}/transcribe`, { mediaId: file.id }, onHost(w));
    },
  },
  'POST /api/canvas/projects/:id/spreadsheet-import': {
    kind: 'organization',
    // Evidence: a limited contributor may add it too (hypotheses: CREATORS, in its own test).
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.post(
        `/api/canvas/projects/${await freshProjectId(w)}/spreadsheet-import`,
        {
          filename: 'notes.csv',
          defaultType: 'post',
          text: 'Title,Summary\nA post,Said yes',
          dryRun: true,
        },
        onHost(w),
      ),
  },
  'POST /api/canvas/cards/:cardId/connections': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const card = await freshCard(w);
      const other = await onOrg(
        w.owner,
        w.org.slug,
        'mutation($i: JSON!) { createCard(input: $i) { id } }',
        {
          i: { projectId: card.projectId, type: 'hypothesis', title: 'Other', draft: false },
        },
      );
      return actor.post(
        `/api/canvas/cards/${card.id}/connections`,
        { cardId: (other.data?.createCard as { id: string }).id },
        onHost(w),
      );
    },
  },
  'DELETE /api/canvas/cards/:cardId/connections/:connectionId': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const { card, connectionId } = await freshConnection(w);
      return actor.delete(
        `/api/canvas/cards/${card.id}/connections/${connectionId}`,
        undefined,
        onHost(w),
      );
    },
  },
  'PUT /api/canvas/cards/:cardId/connections/:connectionId/rating': {
    kind: 'organization',
    allowed: CREATORS,
    run: async (w, actor) => {
      const { card, connectionId } = await freshConnection(w);
      return actor.put(
        `/api/canvas/cards/${card.id}/connections/${connectionId}/rating`,
        { rating: 1 },
        onHost(w),
      );
    },
  },
  // Exports read what the member may see: every member for a project open to the organisation.
  'GET /api/graph/cards/:cardId/export': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(
        `/api/graph/cards/${(await freshCard(w)).id}/export?withConnections=true`,
        onHost(w),
      ),
  },
  'GET /api/proj/projects/:id/export/canvas.pdf': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/proj/projects/${await freshProjectId(w)}/export/canvas.pdf`, onHost(w)),
  },
  'GET /api/proj/projects/:id/export/dashboard.pdf': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/proj/projects/${await freshProjectId(w)}/export/dashboard.pdf`, onHost(w)),
  },
  'GET /api/proj/projects/:id/export/cards.csv': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/proj/projects/${await freshProjectId(w)}/export/cards.csv`, onHost(w)),
  },
  'GET /api/proj/projects/:id/export/project.zip': {
    kind: 'organization',
    allowed: MANAGERS,
    run: async (w, actor) =>
      actor.get(`/api/proj/projects/${await freshProjectId(w)}/export/project.zip`, onHost(w)),
  },
  // Who may is settled before the file is read: the allowed hear that this is not a zip (400).
  'POST /api/proj/projects/import': {
    kind: 'organization',
    allowed: CREATORS,
    run: (w, actor) =>
      built.app.inject({
        method: 'POST',
        url: '/api/proj/projects/import',
        remoteAddress: '10.0.0.1',
        headers: {
          ...onHost(w),
          'content-type': 'application/zip',
          cookie: [...actor.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        payload: Buffer.from('PK, but not an export'),
      }),
  },
  'GET /api/notification/preferences': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) => actor.get('/api/notification/preferences', onHost(w)),
  },
  'GET /api/notification/projects/:projectId/preferences': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.get(`/api/notification/projects/${await freshProjectId(w)}/preferences`, onHost(w)),
  },
  'PUT /api/notification/glance/:id': {
    kind: 'organization',
    allowed: [],
    run: (w, actor) =>
      actor.put('/api/notification/glance/00000000-0000-4000-8000-000000000000', {}, onHost(w)),
  },
  'PUT /api/notification/glance': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) => actor.put('/api/notification/glance', {}, onHost(w)),
  },
  'PUT /api/notification/preferences': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) =>
      actor.put('/api/notification/preferences', { frequency: 'daily' }, onHost(w)),
  },
  'PUT /api/notification/projects/:projectId/preferences': {
    kind: 'organization',
    allowed: MEMBERS,
    run: async (w, actor) =>
      actor.put(
        `/api/notification/projects/${await freshProjectId(w)}/preferences`,
        { frequency: 'daily' },
        onHost(w),
      ),
  },
  'GET /api/users/profiles': {
    kind: 'organization',
    allowed: MEMBERS,
    run: (w, actor) =>
      actor.get('/api/users/profiles?paginate=true', { host: `${w.org.slug}.assay.test` }),
  },
};

function outcomeOf(answer: GatewayAnswer | LightMyRequestResponse): Outcome {
  if ('statusCode' in answer && typeof answer.statusCode === 'number' && 'body' in answer) {
    return [401, 403, 404].includes(answer.statusCode) ? 'refused' : 'allowed';
  }
  const message = (answer as GatewayAnswer).errors?.[0]?.message ?? '';
  return /^statusCode:(401|403|404);/.test(message) ? 'refused' : 'allowed';
}

/** A browser holding a session single sign-on opened for one organisation. */
async function scopedAgent(userId: string, organizationId: string): Promise<Agent> {
  const request = { ip: '10.0.0.1', headers: {} } as FastifyRequest;
  const { token } = await createSession(built.services.database.db, userId, request, {
    scopedOrganizationId: organizationId,
  });
  const agent = createAgent(built.app);
  agent.cookies.set(SESSION_COOKIE, token);
  return agent;
}

/** What only the account itself may do: never a session single sign-on opened (#47 item 4). */
const ACCOUNT_ONLY: [string, (agent: Agent) => Promise<{ statusCode: number } | GatewayAnswer>][] =
  [
    ['DELETE /api/auth/session', (a) => a.request('DELETE', '/api/auth/session')],
    ['GET /api/auth/sessions', (a) => a.get('/api/auth/sessions')],
    ['GET /api/auth/invites', (a) => a.get('/api/auth/invites')],
    [
      'POST /api/org/organizations',
      (a) => a.post('/api/org/organizations', { name: 'Elsewhere', slug: `x${Date.now()}` }),
    ],
    ['POST /api/users/profiles', (a) => a.post('/api/users/profiles', {})],
    ['DELETE /api/auth/me', (a) => a.request('DELETE', '/api/auth/me', { password: 'x' })],
    ['mutation startMfaSetup', (a) => a.gateway('mutation { startMfaSetup { secret } }')],
    ['mutation changeEmail', (a) => a.gateway('mutation { changeEmail(email: "e@x.example") }')],
    [
      'mutation updatePassword',
      (a) =>
        a.gateway('mutation { updatePassword(currentPassword: "a", newPassword: "Bb_345678") }'),
    ],
  ];

async function makeWorld(): Promise<World> {
  // Enterprise: no member limit, so every role can be added.
  const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
  const other = await ownerWithOrganization(built);
  const agents = {
    owner: owner.agent,
    admin: (await addMember(built, owner.agent, org, 'admin')).agent,
    collaborator: (await addMember(built, owner.agent, org, 'collaborator')).agent,
    limitedContributor: (await addMember(built, owner.agent, org, 'limitedContributor')).agent,
    disabled: (await addMember(built, owner.agent, org, 'disabled')).agent,
    otherOrganization: other.owner.agent,
    ssoElsewhere: await scopedAgent(
      (await addMember(built, owner.agent, org, 'admin')).user.id,
      other.org.id,
    ),
    anonymous: createAgent(built.app),
  } satisfies Record<Actor, Agent>;
  // A paid subscription (its invoice is read by the billing rules); the license stays enterprise.
  const base = `/api/org/organizations/${org.id}`;
  const card = await owner.agent.post('/api/payments/sandbox/js/v1/token', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    number: '4111111111111111',
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cvv: '123',
  });
  await owner.agent.post(`${base}/subscription`, {
    planCode: 'aiMonthly',
    paymentToken: (card.json() as { id: string }).id,
  });
  await built.services.database.db
    .update(organizations)
    .set({ license: 'enterprise' })
    .where(eq(organizations.id, org.id));
  return { org, owner: owner.agent, agents };
}

async function worldInvoice(w: World) {
  const list = await w.owner.get(`/api/org/organizations/${w.org.id}/invoices`);
  return (list.json() as { id: string }[])[0]!.id;
}

describe('authorisation matrix', () => {
  it('lists every gateway mutation and every REST route', () => {
    const mutations = Object.keys(buildGatewaySchema().getMutationType()?.getFields() ?? {}).sort();
    expect(mutations).toEqual(Object.keys(GATEWAY).sort());
    const routes = new Set(
      (built.routes ?? [])
        .filter((r) => r.url.startsWith('/api/'))
        .map((r) => `${r.method} ${r.url}`)
        // Fastify adds a HEAD route for every GET.
        .filter(
          (r, _, all) =>
            !(r.startsWith('HEAD ') && all.includes(r.replace(/^HEAD /, 'GET ')) && !(r in REST)),
        ),
    );
    expect([...routes].sort()).toEqual(Object.keys(REST).sort());
  });

  // One test per operation (every role in each), all in one organisation: a failure names the
  // operation, and the matrix grows without one test growing past its time limit.
  describe('allows and refuses organisation operations per role', () => {
    let world: World;
    beforeAll(async () => {
      world = await makeWorld();
    });
    const rules = [
      ...Object.entries(GATEWAY).map(([name, rule]) => [`mutation ${name}`, rule] as const),
      ...Object.entries(REST).map(([name, rule]) => [name, rule] as const),
    ].filter(([, rule]) => rule.kind === 'organization');
    for (const [name, rule] of rules) {
      it(name, async () => {
        if (rule.kind !== 'organization') return;
        const table = {} as Record<Actor, Outcome>;
        const expected = {} as Record<Actor, Outcome>;
        for (const actor of ACTORS) {
          table[actor] = outcomeOf(await rule.run(world, world.agents[actor]));
          expected[actor] = rule.allowed.includes(actor) ? 'allowed' : 'refused';
        }
        expect(table).toEqual(expected);
      });
    }
  });

  it('refuses what only the account may do to a session single sign-on opened, and shows it its organisation only', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const other = await ownerWithOrganization(built);
    const member = await addMember(built, other.owner.agent, other.org, 'admin');
    await invite(owner.agent, org.slug, member.email, 'admin');
    await member.agent.post('/api/users/profiles', {}, { 'x-organization-id': org.id });
    const scoped = await scopedAgent(member.user.id, org.id);
    for (const [name, run] of ACCOUNT_ONLY) {
      const answer = await run(scoped);
      if ('statusCode' in answer && typeof answer.statusCode === 'number')
        expect(answer.statusCode, name).toBe(403);
      else
        expect((answer as GatewayAnswer).errors?.[0]?.message, name).toContain('statusCode:403;');
    }
    // Its own organisation only: the list, and fullOrganization by slug or id.
    const list = (await scoped.get('/api/org/organizations')).json() as { id: string }[];
    expect(list.map((o) => o.id)).toEqual([org.id]);
    for (const args of [`slug: "${other.org.slug}"`, `id: "${other.org.id}"`]) {
      const read = await scoped.gateway(`{ fullOrganization(${args}) { id } }`);
      expect(read.errors?.[0]?.message, args).toContain(`ref:${ERRORS.notFound.ref}`);
    }
    const own = await scoped.gateway(`{ fullOrganization(id: "${org.id}") { id } }`);
    expect(own.data?.fullOrganization).toEqual({ id: org.id });
    // The same person's own sign-in reads both.
    const both = await member.agent.gateway(`{ fullOrganization(id: "${other.org.id}") { id } }`);
    expect(both.data?.fullOrganization).toEqual({ id: other.org.id });
  });

  it('refuses account operations when signed out', async () => {
    const anonymous = createAgent(built.app);
    for (const [name, rule] of Object.entries(GATEWAY)) {
      if (rule.kind !== 'signedIn') continue;
      const field = buildGatewaySchema().getMutationType()?.getFields()[name];
      const args = (field?.args ?? []).map((a) => `${a.name}: "x"`).join(', ');
      const selection = field && isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
      const answer = await anonymous.gateway(
        `mutation { ${name}${args ? `(${args})` : ''}${selection} }`,
      );
      expect(outcomeOf(answer), name).toBe('refused');
    }
    for (const [name, rule] of Object.entries(REST)) {
      if (rule.kind !== 'signedIn') continue;
      const [method, url] = name.split(' ') as [string, string];
      const response = await anonymous.request(
        method as 'GET',
        url.replace(':id', '00000000-0000-0000-0000-000000000000'),
        method === 'GET' ? undefined : {},
      );
      expect(response.statusCode, name).toBe(401);
    }
  });
});
