/**
 * Spreadsheet import (#29 item 3): a CSV of hypotheses or evidence, its columns guessed and
 * changeable, every row checked with its row number; a preview writes nothing, an import with
 * errors writes nothing unless the bad rows are to be skipped; a project's own cards.csv comes
 * back in; forty imports at once into one section each keep their place.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES, EVIDENCE_MESSAGES, SHEET_LIMITS, SHEET_MESSAGES } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import type { Agent } from '../../../test/agent.ts';
import { createProjectIn } from '../../../test/cards.ts';
import { addMember, ownerWithOrganization } from '../../../test/organization.ts';
import { richProject } from '../../../test/rich-project.ts';
import { unzip } from '../../../test/zip.ts';
import { events } from '../../platform/events/schema.ts';
import {
  cardInterviewees,
  cards,
  cardTexts,
  evidence,
  hypotheses,
  interviewees,
} from './schema.ts';

const built = await buildTestApp();
const db = built.services.database.db;

type Answer = {
  columns: string[];
  mapping: Record<string, number | null>;
  rows: number;
  preview: {
    row: number;
    type: string;
    title: string;
    section: string;
    draftReason: string | null;
  }[];
  errors: string[];
  ready: number;
  drafts: number;
  imported: number;
};

async function sheet(agent: Agent, slug: string, projectId: string, body: Record<string, unknown>) {
  const answer = await agent.post(
    `/api/canvas/projects/${projectId}/spreadsheet-import`,
    { filename: 'ideas.csv', defaultType: 'hypothesis', ...body },
    { host: `${slug}.assay.test` },
  );
  return { status: answer.statusCode, json: answer.json() as Answer & { message?: string } };
}

async function projectCards(projectId: string) {
  return db
    .select({
      id: cards.id,
      title: cards.title,
      type: cards.type,
      draft: cards.draft,
      tags: cards.tags,
      origin: cards.origin,
      section: hypotheses.canvasSection,
      rank: hypotheses.canvasRank,
      risky: hypotheses.risky,
      hypothesisType: hypotheses.hypothesisType,
      timeline: hypotheses.timelineSection,
    })
    .from(cards)
    .leftJoin(hypotheses, eq(hypotheses.cardId, cards.id))
    .where(eq(cards.projectId, projectId))
    .orderBy(asc(hypotheses.canvasRank), asc(cards.title));
}

const IDEAS = [
  'Hypothesis,Canvas section,Details,Tags,Risky,Owner',
  'Students hate the laundromat,Customer Segments,"They queue for an hour.\n- on Sundays",campus; chores,yes,Ana',
  'Pickup at the door is worth €5,value propositions,,pricing,no,Ben',
  ',Channels,,,,Ana',
  'Dorm managers will partner,Key Partner,,,,',
  'Ads on campus radio,Radio,,,maybe,',
  ',,,,,',
].join('\n');

describe('spreadsheet import', () => {
  it('guesses the columns, previews every row with its errors and writes nothing until asked', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Sheets');
    const before = await projectCards(projectId);

    const preview = await sheet(owner.agent, org.slug, projectId, { text: IDEAS, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json.columns).toEqual([
      'Hypothesis',
      'Canvas section',
      'Details',
      'Tags',
      'Risky',
      'Owner',
    ]);
    expect(preview.json.mapping).toMatchObject({
      title: 0,
      section: 1,
      description: 2,
      tags: 3,
      risky: 4,
      type: null,
      date: null,
    });
    expect(preview.json.rows).toBe(5);
    expect(preview.json.errors).toEqual([
      SHEET_MESSAGES.titleRequired(4),
      SHEET_MESSAGES.badSection(6, 'Radio'),
      SHEET_MESSAGES.badRisky(6, 'maybe'),
    ]);
    expect(preview.json.preview.map((r) => [r.row, r.title, r.section])).toEqual([
      [2, 'Students hate the laundromat', 'customerSegments'],
      [3, 'Pickup at the door is worth €5', 'valuePropositions'],
      [5, 'Dorm managers will partner', 'keyPartners'],
    ]);
    expect(preview.json).toMatchObject({ ready: 3, drafts: 0, imported: 0 });
    expect(await projectCards(projectId)).toEqual(before);

    // With errors and no word about them, nothing comes in.
    const refused = await sheet(owner.agent, org.slug, projectId, { text: IDEAS });
    expect(refused.json.imported).toBe(0);
    expect(refused.json.errors[0]).toBe(SHEET_MESSAGES.hasErrors);
    expect(await projectCards(projectId)).toEqual(before);

    // No column for the section: "Radio" is no longer wrong, and row 4 (only a section) is
    // blank for this import, so skipped like any blank row.
    const remapped = await sheet(owner.agent, org.slug, projectId, {
      text: IDEAS,
      dryRun: true,
      mapping: { ...preview.json.mapping, section: null },
    });
    expect(remapped.json.errors).toEqual([SHEET_MESSAGES.badRisky(6, 'maybe')]);
    const twice = await sheet(owner.agent, org.slug, projectId, {
      text: IDEAS,
      dryRun: true,
      mapping: { ...preview.json.mapping, tags: 0 },
    });
    expect(twice.json.errors).toEqual([SHEET_MESSAGES.sameColumn('Hypothesis')]);

    // Skipping the bad rows: the rest come in, published, in the file's order, after what is there.
    await sheet(owner.agent, org.slug, projectId, {
      text: 'Title,Section\nAlready here,Customer segments',
    });
    const done = await sheet(owner.agent, org.slug, projectId, { text: IDEAS, skipInvalid: true });
    expect(done.json).toMatchObject({ imported: 3, ready: 3 });
    const rows = await projectCards(projectId);
    const segment = rows.filter((r) => r.section === 'customerSegments');
    expect(segment.map((r) => r.title)).toEqual(['Already here', 'Students hate the laundromat']);
    const students = segment[1]!;
    expect(students).toMatchObject({
      type: 'hypothesis',
      draft: false,
      tags: ['campus', 'chores'],
      risky: true,
      origin: 'spreadsheet',
      hypothesisType: 'business',
    });
    expect(rows.find((r) => r.title.startsWith('Pickup'))).toMatchObject({
      section: 'valuePropositions',
      risky: false,
      tags: ['pricing'],
    });
    const [description] = await db
      .select()
      .from(cardTexts)
      .where(and(eq(cardTexts.cardId, students.id), eq(cardTexts.field, 'description')));
    expect(description).toMatchObject({
      text: '<p>They queue for an hour.</p><ul><li><p>on Sundays</p></li></ul>',
      rawText: 'They queue for an hour. - on Sundays',
    });
    const recorded = await db
      .select()
      .from(events)
      .where(and(eq(events.projectId, projectId), eq(events.name, 'cards.import')))
      // In the order they were made: without it PostgreSQL may answer them either way.
      .orderBy(events.createdAt);
    expect(recorded.map((e) => e.changes)).toEqual([
      { filename: 'ideas.csv', cards: 1, drafts: 0, skipped: 0 },
      { filename: 'ideas.csv', cards: 3, drafts: 0, skipped: 3 },
    ]);
  });

  it('brings interviews in published when they meet the rule, as drafts saying why when not, and reuses contacts', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Interviews');
    const first = await sheet(owner.agent, org.slug, projectId, {
      filename: 'Interviews.CSV',
      defaultType: 'interview',
      text: [
        'Title,Interviewee,Insights,Date,Notes about the call',
        'Talk with Ana,Ana Souza,"Pays 8 € a week\nWould switch",14/03/2026,x',
        'Talk with Ben,,Hates Sundays,2026-03-15,',
        'Call with Ana again,ana souza,,"Mar 20, 2026",',
        'Talk with Cy,Cy,Fine,03/04/2026,',
        'Talk with Di,Di,Fine,someday,',
      ].join('\n'),
      dryRun: true,
    });
    expect(first.json.mapping).toMatchObject({ title: 0, interviewee: 1, keyInsights: 2, date: 3 });
    expect(first.json.errors).toEqual([
      SHEET_MESSAGES.ambiguousDate(5, '03/04/2026'),
      SHEET_MESSAGES.badDate(6, 'someday'),
    ]);
    expect(first.json.preview.map((r) => [r.title, r.draftReason])).toEqual([
      ['Talk with Ana', null],
      ['Talk with Ben', EVIDENCE_MESSAGES.intervieweeNeeded],
      ['Call with Ana again', EVIDENCE_MESSAGES.keyInsights],
    ]);
    expect(first.json).toMatchObject({ ready: 3, drafts: 2 });

    const done = await sheet(owner.agent, org.slug, projectId, {
      filename: 'Interviews.CSV',
      defaultType: 'interview',
      text: 'Title,Interviewee,Insights,Date\nTalk with Ana,Ana Souza,"Pays 8 € a week",14/03/2026\nTalk with Ben,,Hates Sundays,2026-03-15\nCall with Ana again,ana souza,,"Mar 20, 2026"',
    });
    expect(done.json).toMatchObject({ imported: 3, drafts: 2 });
    const made = await db
      .select({ id: cards.id, title: cards.title, draft: cards.draft, date: evidence.date })
      .from(cards)
      .innerJoin(evidence, eq(evidence.cardId, cards.id))
      .where(eq(cards.projectId, projectId))
      .orderBy(asc(cards.title));
    expect(made.map((c) => [c.title, c.draft, c.date?.toISOString().slice(0, 10)])).toEqual([
      ['Call with Ana again', true, '2026-03-20'],
      ['Talk with Ana', false, '2026-03-14'],
      ['Talk with Ben', true, '2026-03-15'],
    ]);
    const people = await db
      .select({ card: cardInterviewees.cardId, name: interviewees.name })
      .from(cardInterviewees)
      .innerJoin(interviewees, eq(interviewees.id, cardInterviewees.intervieweeId))
      .where(
        inArray(
          cardInterviewees.cardId,
          made.map((c) => c.id),
        ),
      );
    // One contact, "Ana Souza", on both of Ana's interviews.
    expect(new Set(people.map((p) => p.name))).toEqual(new Set(['Ana Souza']));
    expect(people).toHaveLength(2);
    const insights = await db
      .select({ text: cardTexts.text })
      .from(cardTexts)
      .where(and(eq(cardTexts.cardId, made[1]!.id), eq(cardTexts.field, 'keyInsights')));
    expect(insights).toEqual([{ text: '<p>Pays 8 € a week</p>' }]);
  });

  it("takes a project's own cards.csv back in, types and sections kept", async () => {
    const { owner, org } = await ownerWithOrganization(built, { license: 'enterprise' });
    const { projectId } = await richProject(built, owner, org);
    const zip = await owner.agent.get(`/api/proj/projects/${projectId}/export/project.zip`, {
      host: `${org.slug}.assay.test`,
    });
    const csv = (await unzip(zip.rawPayload)).get('cards.csv')!.toString('utf8');
    const target = await createProjectIn(owner.agent, org.slug, 'From the sheet');
    const preview = await sheet(owner.agent, org.slug, target, {
      filename: 'cards.csv',
      text: csv,
      dryRun: true,
    });
    // The experiment is not a type this import takes; the rest are.
    expect(preview.json.errors).toEqual([
      expect.stringMatching(/^Row \d - experiment is not a type/),
    ]);
    const done = await sheet(owner.agent, org.slug, target, {
      filename: 'cards.csv',
      text: csv,
      skipInvalid: true,
    });
    expect(done.json.imported).toBe(2);
    const rows = await projectCards(target);
    expect(rows.map((r) => [r.title, r.type, r.section, r.draft])).toEqual([
      ['Estudantes odeiam a lavandaria', 'hypothesis', 'customerSegments', false],
      ['Forum thread', 'post', null, false],
    ]);
  });

  it('refuses what is not a CSV, an empty or too long file, a column that is not there, a wrong body and those who may not add cards', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Refusals');
    const refused = async (body: Record<string, unknown>, message: string) => {
      const answer = await sheet(owner.agent, org.slug, projectId, body);
      expect(answer.status, message).toBe(400);
      expect(answer.json.message).toBe(message);
    };
    await refused({ filename: 'ideas.xlsx', text: IDEAS }, CSV_MESSAGES.onlyCsv);
    await refused({ text: 'Title\n\n' }, SHEET_MESSAGES.empty);
    await refused(
      {
        text: [
          'Title',
          ...Array.from({ length: SHEET_LIMITS.rows + 1 }, (_, i) => `Idea ${i}`),
        ].join('\n'),
      },
      SHEET_MESSAGES.tooManyRows,
    );
    await refused({ text: 'x'.repeat(SHEET_LIMITS.bytes + 1) }, SHEET_MESSAGES.tooBig);
    const mapping = {
      title: 7,
      type: null,
      section: null,
      description: null,
      summary: null,
      keyInsights: null,
      interviewee: null,
      date: null,
      tags: null,
      risky: null,
    };
    await refused({ text: IDEAS, mapping }, SHEET_MESSAGES.chooseTitle);
    const wrong = await sheet(owner.agent, org.slug, projectId, {
      text: IDEAS,
      defaultType: 'memo',
    });
    expect(wrong.status).toBe(400);
    expect(await projectCards(projectId)).toEqual([]);

    // A member of another organisation does not find the project.
    const other = await ownerWithOrganization(built);
    const stranger = await other.owner.agent.post(
      `/api/canvas/projects/${projectId}/spreadsheet-import`,
      { filename: 'ideas.csv', defaultType: 'hypothesis', text: IDEAS },
      { host: `${other.org.slug}.assay.test` },
    );
    expect(stranger.statusCode).toBe(404);
    // A limited contributor may add evidence, not hypotheses.
    const limited = await addMember(built, owner.agent, org, 'limitedContributor');
    const asLimited = await sheet(limited.agent, org.slug, projectId, { text: IDEAS });
    expect(asLimited.status).toBe(403);
  });

  it('keeps every card of forty imports at once into one section, each with its own place', async () => {
    const { owner, org } = await ownerWithOrganization(built);
    const projectId = await createProjectIn(owner.agent, org.slug, 'At once');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        sheet(owner.agent, org.slug, projectId, {
          text: `Title,Section\nIdea ${i} a,Channels\nIdea ${i} b,Channels`,
        }),
      ),
    );
    expect(answers.map((a) => a.json.imported)).toEqual(Array(40).fill(2));
    const rows = await projectCards(projectId);
    expect(rows).toHaveLength(80);
    expect(new Set(rows.map((r) => r.rank)).size).toBe(80);
    // Each file's rows stay together and in its order.
    for (let i = 0; i < 40; i++) {
      const at = rows.findIndex((r) => r.title === `Idea ${i} a`);
      expect(rows[at + 1]!.title).toBe(`Idea ${i} b`);
    }
  });
});
