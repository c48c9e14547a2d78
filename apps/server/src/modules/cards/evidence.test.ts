import { describe, expect, it } from 'vitest';
import { EVIDENCE_MESSAGES, TITLE_MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { CARD_FIELDS, cardMutation, createCardAs, createProjectIn } from '../../../test/cards.ts';
import { addMember, onOrg, ownerWithOrganization } from '../../../test/organization.ts';
import type { Agent } from '../../../test/agent.ts';
import { cards, evidence } from './schema.ts';

const built = await buildTestApp();

const EVIDENCE_FIELDS = `id version draft title type isEvidence
  evidence { summary email hasEmail date engagement { profileId type } interviewees { id name email interviewCount } }`;

type EvidenceCard = {
  id: string;
  version: number;
  draft: boolean;
  isEvidence: boolean;
  evidence: {
    summary: string;
    interviewees: { id: string; name: string }[];
    engagement: { type: string } | null;
  };
};

async function evidenceMutation(
  agent: Agent,
  slug: string,
  name: 'updatePost' | 'updateInterview',
  input: Record<string, unknown>,
) {
  const answer = await onOrg(
    agent,
    slug,
    `mutation($i: JSON!) { ${name}(input: $i) { ${EVIDENCE_FIELDS} } }`,
    { i: input },
  );
  return {
    card: answer.data?.[name] as EvidenceCard | undefined,
    error: answer.errors?.[0]?.message,
  };
}

async function publish(agent: Agent, slug: string, card: { id: string; version: number }) {
  const answer = await onOrg(
    agent,
    slug,
    `mutation($id: ID!, $v: Int!) { publishCard(cardId: $id, version: $v) { ${EVIDENCE_FIELDS} } }`,
    {
      id: card.id,
      v: card.version,
    },
  );
  return {
    card: answer.data?.publishCard as EvidenceCard | undefined,
    error: answer.errors?.[0]?.message,
  };
}

async function keyInsights(
  agent: Agent,
  slug: string,
  card: { id: string; version: number },
  text: string,
) {
  const saved = await cardMutation(agent, slug, 'updateText', {
    cardId: card.id,
    version: card.version,
    field: 'keyInsights',
    text: `<p>${text}</p>`,
    rawText: text,
  });
  return saved.card!;
}

describe('evidence cards', () => {
  it('publishes an interview only with a title, key insights and someone interviewed, and keeps the last person', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    let card = (await createCardAs(owner.agent, org.slug, { projectId, type: 'interview' }))
      .card as unknown as EvidenceCard;
    expect(card).toMatchObject({ draft: true });

    expect((await publish(owner.agent, org.slug, card)).error).toContain(
      `message:${TITLE_MESSAGES.interview}`,
    );
    card = (
      await evidenceMutation(owner.agent, org.slug, 'updateInterview', {
        cardId: card.id,
        version: card.version,
        title: 'Talk with a barista',
      })
    ).card!;
    expect((await publish(owner.agent, org.slug, card)).error).toContain(
      `message:${EVIDENCE_MESSAGES.keyInsights}`,
    );
    const withInsights = await keyInsights(owner.agent, org.slug, card, 'Queues peak at 10:50');
    card = { ...card, version: withInsights.version };
    expect((await publish(owner.agent, org.slug, card)).error).toContain(
      `message:${EVIDENCE_MESSAGES.intervieweeNeeded}`,
    );

    const nameless = await evidenceMutation(owner.agent, org.slug, 'updateInterview', {
      cardId: card.id,
      version: card.version,
      addInterviewee: { name: '  ' },
    });
    expect(nameless.error).toContain(`message:${EVIDENCE_MESSAGES.intervieweeName}`);
    card = (
      await evidenceMutation(owner.agent, org.slug, 'updateInterview', {
        cardId: card.id,
        version: card.version,
        addInterviewee: { name: 'Ana Silva', email: 'ana@example.com' },
      })
    ).card!;
    expect(card.evidence.interviewees).toMatchObject([{ name: 'Ana Silva', interviewCount: 0 }]);
    const duplicate = await evidenceMutation(owner.agent, org.slug, 'updateInterview', {
      cardId: card.id,
      version: card.version,
      addInterviewee: { name: 'Ana Silva' },
    });
    expect(duplicate.error).toContain('message:Ana Silva is already added to this evidence.');

    card = (await publish(owner.agent, org.slug, card)).card!;
    expect(card.draft).toBe(false);
    const EVIDENCE =
      'query($p: ID!) { evidence(projectId: $p) { counts { total new viewed generated } cards { title } } }';
    const listed = await onOrg(owner.agent, org.slug, EVIDENCE, { p: projectId });
    expect(listed.data?.evidence).toEqual({
      counts: { total: 1, new: 1, viewed: 0, generated: 0 },
      cards: [{ title: 'Talk with a barista' }],
    });
    await onOrg(owner.agent, org.slug, 'mutation($p: ID!) { markCardsViewed(projectId: $p) }', {
      p: projectId,
    });
    const seen = await onOrg(owner.agent, org.slug, EVIDENCE, { p: projectId });
    expect(seen.data?.evidence).toMatchObject({ counts: { total: 1, new: 0, viewed: 1 } });
    const last = await evidenceMutation(owner.agent, org.slug, 'updateInterview', {
      cardId: card.id,
      version: card.version,
      removeIntervieweeId: card.evidence.interviewees[0]!.id,
    });
    expect(last.error).toContain(`message:${EVIDENCE_MESSAGES.lastInterviewee}`);

    // The same contact can be picked into another interview, and the list counts both.
    const second = (await createCardAs(owner.agent, org.slug, { projectId, type: 'interview' }))
      .card as unknown as EvidenceCard;
    const picked = await evidenceMutation(owner.agent, org.slug, 'updateInterview', {
      cardId: second.id,
      version: second.version,
      addInterviewee: { id: card.evidence.interviewees[0]!.id },
    });
    expect(picked.card?.evidence.interviewees[0]?.name).toBe('Ana Silva');
    const list = await owner.agent.get('/api/canvas/interviewees?search=ana', {
      host: `${org.slug}.assay.test`,
    });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toMatchObject([{ name: 'Ana Silva', interviewCount: 2 }]);
  });

  it('lets a meeting card go without an interviewee, with the meeting title message', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    let card = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        type: 'interview',
        engagementType: 'mentor',
      })
    ).card as unknown as EvidenceCard;
    expect((await publish(owner.agent, org.slug, card)).error).toContain(
      `message:${TITLE_MESSAGES.meeting}`,
    );
    card = (
      await evidenceMutation(owner.agent, org.slug, 'updateInterview', {
        cardId: card.id,
        version: card.version,
        title: 'Mentor hour',
      })
    ).card!;
    expect(card.evidence.engagement).toMatchObject({ type: 'mentor' });
    card = {
      ...card,
      version: (await keyInsights(owner.agent, org.slug, card, 'Focus on one segment')).version,
    };
    expect((await publish(owner.agent, org.slug, card)).card?.draft).toBe(false);
  });

  it('publishes posts by the evidence and non-evidence rules', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    let post = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        type: 'post',
        title: 'Survey results',
      })
    ).card as unknown as EvidenceCard;
    expect((await publish(owner.agent, org.slug, post)).error).toContain(
      `message:${EVIDENCE_MESSAGES.evidencePost}`,
    );
    post = (
      await evidenceMutation(owner.agent, org.slug, 'updatePost', {
        cardId: post.id,
        version: post.version,
        email: 'From: a@b.c',
      })
    ).card!;
    expect((await publish(owner.agent, org.slug, post)).card?.draft).toBe(false);

    let note = (
      await createCardAs(owner.agent, org.slug, {
        projectId,
        type: 'post',
        title: 'A note',
        isEvidence: false,
      })
    ).card as unknown as EvidenceCard;
    expect((await publish(owner.agent, org.slug, note)).error).toContain(
      `message:${EVIDENCE_MESSAGES.post}`,
    );
    note = (
      await evidenceMutation(owner.agent, org.slug, 'updatePost', {
        cardId: note.id,
        version: note.version,
        summary: 'Why we pivot',
      })
    ).card!;
    expect((await publish(owner.agent, org.slug, note)).card?.draft).toBe(false);

    const untitled = (
      await createCardAs(owner.agent, org.slug, { projectId, type: 'evidenceOther' })
    ).card as unknown as EvidenceCard;
    expect((await publish(owner.agent, org.slug, untitled)).error).toContain(
      `message:${TITLE_MESSAGES.evidence}`,
    );
    const DISCARD = 'mutation($id: ID!) { discardDraft(cardId: $id) }';
    expect(
      (await onOrg(owner.agent, org.slug, DISCARD, { id: untitled.id })).data?.discardDraft,
    ).toBe(true);
  });

  it('lets limited contributors add and edit their own evidence only, and keeps contacts per organisation', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const host = { host: `${org.slug}.assay.test` };
    const projectId = await createProjectIn(owner.agent, org.slug);
    const limited = await addMember(built, owner.agent, org, 'limitedContributor');
    const mine = (
      await createCardAs(limited.agent, org.slug, { projectId, type: 'interview', title: 'Mine' })
    ).card as unknown as EvidenceCard;
    expect(mine).toBeTruthy();
    const edited = await evidenceMutation(limited.agent, org.slug, 'updateInterview', {
      cardId: mine.id,
      version: mine.version,
      addInterviewee: { name: 'Bo' },
    });
    expect(edited.card?.evidence.interviewees).toHaveLength(1);
    let owners = (
      await createCardAs(owner.agent, org.slug, { projectId, type: 'post', title: 'Theirs' })
    ).card as unknown as EvidenceCard;
    owners = (
      await evidenceMutation(owner.agent, org.slug, 'updatePost', {
        cardId: owners.id,
        version: owners.version,
        summary: 'Findings',
      })
    ).card!;
    owners = (await publish(owner.agent, org.slug, owners)).card!;
    const refused = await evidenceMutation(limited.agent, org.slug, 'updatePost', {
      cardId: owners.id,
      version: owners.version,
      summary: 'x',
    });
    expect(refused.error).toContain('statusCode:403');

    const bo = edited.card!.evidence.interviewees[0]!;
    const updated = await owner.agent.put(
      `/api/canvas/organizations/${org.id}/interviewees`,
      { intervieweeUpdates: [{ id: bo.id, name: 'Bo Chen', company: 'Cafe' }] },
      host,
    );
    expect(updated.statusCode).toBe(200);
    const reread = await onOrg(
      limited.agent,
      org.slug,
      `query($id: ID!) { card(cardId: $id) { ${CARD_FIELDS} evidence { interviewees { name } } } }`,
      { id: mine.id },
    );
    expect(reread.data?.card).toMatchObject({ evidence: { interviewees: [{ name: 'Bo Chen' }] } });

    const stranger = await ownerWithOrganization(built, { license: 'enterprise' });
    const theirs = await stranger.owner.agent.put(
      `/api/canvas/organizations/${stranger.org.id}/interviewees`,
      { intervieweeUpdates: [{ id: bo.id, name: 'Hijacked' }] },
      { host: `${stranger.org.slug}.assay.test` },
    );
    expect(theirs.statusCode).toBe(404);
    const empty = await stranger.owner.agent.get(
      `/api/canvas/organizations/${stranger.org.id}/interviewees`,
      {
        host: `${stranger.org.slug}.assay.test`,
      },
    );
    expect(empty.headers['x-total-count']).toBe('0');
  });

  it('shows an imported customer chat with its authors and attachments, and never makes one by hand', async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const projectId = await createProjectIn(owner.agent, org.slug);
    const byHand = await createCardAs(owner.agent, org.slug, {
      projectId,
      type: 'intercom',
      title: 'Chat',
    });
    expect(byHand.error).toContain('Customer chats come from your chat tool');

    // What the chat import (integrations issue) writes.
    const profileId = (
      (await onOrg(owner.agent, org.slug, '{ profile { id } }')).data?.profile as { id: string }
    ).id;
    const [card] = await built.services.database.db
      .insert(cards)
      .values({
        organizationId: org.id,
        projectId,
        type: 'intercom',
        title: 'Refund question',
        draft: false,
        isEvidence: true,
        publishedAt: new Date(),
        createdByProfileId: profileId,
      })
      .returning();
    await built.services.database.db.insert(evidence).values({
      cardId: card!.id,
      projectId,
      conversation: {
        conversationId: 'c-1',
        intercomId: '123',
        url: 'https://app.intercom.com/conversations/123',
        rawText: 'Can I get a refund? Yes.',
        conversationParts: [
          {
            type: 'comment',
            createdAt: '2026-11-20T10:00:00Z',
            body: 'Can I get a refund?',
            authorName: 'Dana',
            authorType: 'user',
            attachments: [{ name: 'receipt.pdf', url: 'https://files.example/receipt.pdf' }],
          },
          {
            type: 'comment',
            createdAt: '2026-11-20T10:05:00Z',
            body: 'Yes.',
            authorName: 'Support',
            authorType: 'admin',
            attachments: [],
          },
        ],
      },
    });
    const read = await onOrg(
      owner.agent,
      org.slug,
      `query($id: ID!) { card(cardId: $id) { path evidence { conversation { url conversationParts { body authorName authorType attachments { name } } } } } }`,
      { id: card!.id },
    );
    expect(read.data?.card).toEqual({
      path: `/card/${card!.id}/details`,
      evidence: {
        conversation: {
          url: 'https://app.intercom.com/conversations/123',
          conversationParts: [
            {
              body: 'Can I get a refund?',
              authorName: 'Dana',
              authorType: 'user',
              attachments: [{ name: 'receipt.pdf' }],
            },
            { body: 'Yes.', authorName: 'Support', authorType: 'admin', attachments: [] },
          ],
        },
      },
    });
  });

  it('keeps one evidence locker per organisation where every member writes evidence, out of project lists', async () => {
    // Checkout sells the locker with Business AI (#48 item 4).
    const { owner, org } = await ownerWithOrganization(built, { license: 'businessAI' });
    const LOCKER =
      '{ evidenceLocker { project { id name abilities { manage createEvidence createCards } } evidence { counts { total } } } }';
    const first = (await onOrg(owner.agent, org.slug, LOCKER)).data?.evidenceLocker as {
      project: { id: string; name: string; abilities: Record<string, boolean> };
    };
    const again = (await onOrg(owner.agent, org.slug, LOCKER)).data?.evidenceLocker as {
      project: { id: string };
    };
    expect(again.project.id).toBe(first.project.id);
    expect(first.project.name).toBe('Evidence locker');

    // A limited contributor writes here like everyone (card write), but cannot manage the locker.
    const limited = await addMember(built, owner.agent, org, 'limitedContributor');
    const seen = (await onOrg(limited.agent, org.slug, LOCKER)).data?.evidenceLocker as {
      project: { abilities: Record<string, boolean> };
    };
    expect(seen.project.abilities).toMatchObject({
      manage: false,
      createEvidence: true,
      createCards: true,
    });
    const interview = await createCardAs(limited.agent, org.slug, {
      projectId: first.project.id,
      type: 'interview',
      title: 'Hallway chat',
    });
    expect(interview.card).toBeTruthy();
    const settings = await onOrg(
      owner.agent,
      org.slug,
      'mutation($id: ID!) { updateProject(id: $id, input: { name: "Mine" }) { id } }',
      { id: first.project.id },
    );
    expect(settings.errors?.[0]?.message).toContain('statusCode:403');

    // Not a project: not listed, not counted against the monthly allocation (garage: 3).
    const list = await onOrg(
      owner.agent,
      org.slug,
      '{ projects { counts { active } projects { name } } }',
    );
    expect(list.data?.projects).toEqual({ counts: { active: 0 }, projects: [] });
    for (const name of ['One', 'Two', 'Three']) await createProjectIn(owner.agent, org.slug, name);
  });
});
