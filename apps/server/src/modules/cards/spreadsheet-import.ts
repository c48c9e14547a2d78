/**
 * Hypotheses and evidence from a spreadsheet (#29 item 3). The CSV is read and checked the same
 * way for the preview (a dry run writes nothing) and for the import; every card of the file comes
 * in in one transaction, or none does. Hypotheses are published on the canvas (in the section
 * named, else Unassigned) and on the product boards for product hypotheses; evidence is published
 * when it meets its type's publish rule and otherwise comes in as the importer's draft, saying why.
 * The people interviewed are the organisation's contacts: a name already there is reused.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  AppError,
  BOARD_TYPES,
  canCreateCard,
  CSV_MESSAGES,
  guessSheetMapping,
  isCsvFile,
  plainToHtml,
  ranksBetween,
  SHEET_LIMITS,
  SHEET_MESSAGES,
  sheetImportSchema,
  sheetMappingProblem,
  checkSheetRows,
  type SheetCard,
  type SheetImportAnswer,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import { parse } from '../../http/parse.ts';
import type { Executor } from '../../platform/db/index.ts';
import type { AppServices } from '../../services.ts';
import { workspaceAccess } from './access.ts';
import { touchProjectCards } from './board-cache.ts';
import { boardSectionKeys, lastRank } from './create.ts';
import { BOARD_COLUMNS } from './fields.ts';
import {
  cardInterviewees,
  cards,
  cardTexts,
  evidence,
  hypotheses,
  interviewees,
  type HypothesisRow,
} from './schema.ts';

const refuse = (message: string) => new AppError('validation', { message });
const PREVIEW_ROWS = 10;
/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
const BATCH = 500;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The rows of the file: its header, then the rest (a byte-order mark and blank lines dropped). */
function readRows(filename: string, text: string) {
  if (!isCsvFile({ name: filename })) throw refuse(CSV_MESSAGES.onlyCsv);
  if (Buffer.byteLength(text) > SHEET_LIMITS.bytes) throw refuse(SHEET_MESSAGES.tooBig);
  // Blank lines stay, so each row keeps the number a spreadsheet shows it with.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''));
  const [header = [], ...body] = parsed.data;
  const filled = body.filter((cells) => cells.some((c) => c.trim() !== '')).length;
  if (filled === 0) throw refuse(SHEET_MESSAGES.empty);
  if (filled > SHEET_LIMITS.rows) throw refuse(SHEET_MESSAGES.tooManyRows);
  return { header: header.map((h) => h.trim()), body, filled };
}

/**
 * importSpreadsheet: reads, checks and (unless a dry run, or rows have errors and they are not to
 * be skipped) brings the cards in. Answers the columns, the mapping used, a preview, the errors
 * and how many cards came in.
 */
export async function importSpreadsheet(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
): Promise<SheetImportAnswer> {
  const access = await workspaceAccess(services, member, projectId);
  // Who may add nothing here hears so before anything about what they sent.
  if (!canCreateCard(access.scope, 'hypothesis') && !canCreateCard(access.scope, 'post'))
    throw new AppError('forbidden');
  const data = parse(sheetImportSchema.safeParse(input));
  if (!canCreateCard(access.scope, data.defaultType)) throw new AppError('forbidden');
  const { header, body, filled } = readRows(data.filename, data.text);
  const mapping = data.mapping ?? guessSheetMapping(header);
  for (const at of Object.values(mapping))
    if (at !== null && at >= header.length) throw refuse(SHEET_MESSAGES.chooseTitle);
  const settings = access.project.settings;
  const mappingProblem = sheetMappingProblem(mapping, header);
  const checked = mappingProblem
    ? { cards: [], errors: [mappingProblem] }
    : checkSheetRows(body, mapping, {
        defaultType: data.defaultType,
        mayAdd: (type, hypothesisType) =>
          canCreateCard(access.scope, type) &&
          (hypothesisType === 'product'
            ? settings.productHypotheses !== false
            : hypothesisType === 'business'
              ? settings.businessHypotheses !== false
              : true),
      });
  const answer: SheetImportAnswer = {
    columns: header,
    mapping,
    rows: filled,
    preview: checked.cards.slice(0, PREVIEW_ROWS).map((c) => ({
      row: c.row,
      type: c.type,
      title: c.title,
      section: c.section,
      tags: c.tags,
      date: c.date,
      interviewee: c.interviewee,
      draftReason: c.draftReason,
    })),
    errors: checked.errors,
    ready: checked.cards.length,
    drafts: checked.cards.filter((c) => c.draftReason).length,
    imported: 0,
  };
  if (data.dryRun || mappingProblem || checked.cards.length === 0) return answer;
  if (checked.errors.length > 0 && !data.skipInvalid)
    return { ...answer, errors: [SHEET_MESSAGES.hasErrors, ...checked.errors] };

  await services.transaction(
    async (unit) => {
      // First: the project row's lock makes imports into one project take turns, so the
      // ranks read below are the last ones.
      await touchProjectCards(unit.tx, projectId);
      await insertSheetCards(unit.tx, member, projectId, checked.cards);
      await unit.record({
        name: 'cards.import',
        organizationId: member.organization.id,
        projectId,
        actorId: member.profileId,
        subjectType: 'project',
        subjectId: projectId,
        changes: {
          filename: data.filename,
          cards: checked.cards.length,
          drafts: answer.drafts,
          skipped: checked.errors.length,
        },
      });
    },
    { context },
  );
  return { ...answer, imported: checked.cards.length };
}

/** Each card's canvas rank: after the last card of its section, in the file's order. */
async function canvasRanks(tx: Executor, projectId: string, rows: SheetCard[]) {
  const ranks = new Map<SheetCard, string>();
  const bySection = new Map<string, SheetCard[]>();
  for (const c of rows) {
    const list = bySection.get(c.section) ?? [];
    list.push(c);
    bySection.set(c.section, list);
  }
  for (const [section, inSection] of bySection) {
    const keys = ranksBetween(
      await lastRank(tx, projectId, 'canvas', section),
      null,
      inSection.length,
    );
    inSection.forEach((c, i) => ranks.set(c, keys[i]!));
  }
  return ranks;
}

/** Where product hypotheses go on each product board: its default section, after its last card. */
async function productPlacements(tx: Executor, projectId: string, count: number) {
  const placements: Partial<HypothesisRow>[] = Array.from({ length: count }, () => ({}));
  if (count === 0) return placements;
  for (const board of BOARD_TYPES) {
    const { fallback } = await boardSectionKeys(tx, projectId, board);
    if (!fallback) continue;
    const keys = ranksBetween(await lastRank(tx, projectId, board, fallback), null, count);
    placements.forEach((p, i) =>
      Object.assign(p, {
        [BOARD_COLUMNS[board].section]: fallback,
        [BOARD_COLUMNS[board].rank]: keys[i],
      }),
    );
  }
  return placements;
}

/** The organisation's contacts by name (lower case), creating those not there yet. */
async function contactsFor(tx: Executor, organizationId: string, names: string[]) {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  const found = new Map<string, string>();
  if (wanted.length === 0) return found;
  for (let i = 0; i < wanted.length; i += BATCH) {
    const rows = await tx
      .select({ id: interviewees.id, name: interviewees.name })
      .from(interviewees)
      .where(
        and(
          eq(interviewees.organizationId, organizationId),
          inArray(sql`lower(${interviewees.name})`, wanted.slice(i, i + BATCH)),
        ),
      );
    for (const r of rows)
      if (!found.has(r.name.toLowerCase())) found.set(r.name.toLowerCase(), r.id);
  }
  const fresh = new Map<string, { id: string; name: string }>();
  for (const name of names)
    if (!found.has(name.toLowerCase()) && !fresh.has(name.toLowerCase()))
      fresh.set(name.toLowerCase(), { id: randomUUID(), name });
  await insertAll([...fresh.values()], (batch) =>
    tx.insert(interviewees).values(batch.map((p) => ({ ...p, organizationId }))),
  );
  for (const [key, p] of fresh) found.set(key, p.id);
  return found;
}

async function insertSheetCards(
  tx: Executor,
  member: MemberContext,
  projectId: string,
  rows: SheetCard[],
) {
  const organizationId = member.organization.id;
  const now = new Date();
  const ids = new Map(rows.map((c) => [c, randomUUID()]));
  await insertAll(rows, (batch) =>
    tx.insert(cards).values(
      batch.map((c) => ({
        id: ids.get(c)!,
        organizationId,
        projectId,
        type: c.type,
        title: c.title,
        draft: c.draftReason !== null,
        publishedAt: c.draftReason === null ? now : null,
        isEvidence: c.type !== 'hypothesis',
        tags: c.tags,
        origin: 'spreadsheet',
        createdByProfileId: member.profileId,
        updatedByProfileId: member.profileId,
      })),
    ),
  );

  const ideas = rows.filter((c) => c.type === 'hypothesis');
  const ranks = await canvasRanks(tx, projectId, ideas);
  const products = ideas.filter((c) => c.hypothesisType === 'product');
  const placements = await productPlacements(tx, projectId, products.length);
  const placementOf = new Map(products.map((c, i) => [c, placements[i]!]));
  await insertAll(ideas, (batch) =>
    tx.insert(hypotheses).values(
      batch.map((c) => ({
        cardId: ids.get(c)!,
        projectId,
        hypothesisType: c.hypothesisType ?? 'business',
        canvasSection: c.section,
        canvasRank: ranks.get(c)!,
        ...placementOf.get(c),
        risky: c.risky,
        summary: c.summary,
      })),
    ),
  );

  const found = rows.filter((c) => c.type !== 'hypothesis');
  await insertAll(found, (batch) =>
    tx.insert(evidence).values(
      batch.map((c) => ({
        cardId: ids.get(c)!,
        projectId,
        summary: c.summary,
        date: c.date ? new Date(`${c.date}T12:00:00Z`) : null,
      })),
    ),
  );
  const people = await contactsFor(
    tx,
    organizationId,
    found.flatMap((c) => (c.interviewee ? [c.interviewee] : [])),
  );
  await insertAll(
    found.filter((c) => c.interviewee),
    (batch) =>
      tx.insert(cardInterviewees).values(
        batch.map((c) => ({
          cardId: ids.get(c)!,
          intervieweeId: people.get(c.interviewee.toLowerCase())!,
        })),
      ),
  );

  const texts = rows.flatMap((c) =>
    (
      [
        // An interview keeps what it says about itself in its notes.
        [c.type === 'interview' ? 'notes' : 'description', c.description],
        ['keyInsights', c.keyInsights],
      ] as const
    )
      .filter(([, plain]) => plain !== '')
      .map(([field, plain]) => ({
        cardId: ids.get(c)!,
        field,
        text: plainToHtml(plain),
        rawText: plain.replace(/\s+/g, ' ').trim(),
        updatedAt: now,
        updatedByProfileId: member.profileId,
      })),
  );
  await insertAll(texts, (batch) => tx.insert(cardTexts).values(batch));
}
