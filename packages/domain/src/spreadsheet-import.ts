/**
 * Hypotheses and evidence from a spreadsheet (#29 item 3): which column holds what (guessed from
 * the header row, changed by the person importing), each row read and checked with a message that
 * names it as the spreadsheet shows it ("Row 4 - …", the header being row 1), as the cohort CSV
 * does. Pure: the server checks the same rows the preview shows.
 */
import { z } from 'zod';
import { CANVAS_LABELS, CANVAS_SECTIONS, type CanvasSection } from './canvas.ts';
import { CARD_TITLE_MAX } from './cards.ts';
import { interviewPublishProblem, postPublishProblem } from './evidence.ts';
import { LIMITS } from './limits.ts';
import { stripAccents } from './text.ts';

/** What a row may become. */
export const SHEET_CARD_TYPES = ['hypothesis', 'interview', 'post', 'evidenceOther'] as const;
export type SheetCardType = (typeof SHEET_CARD_TYPES)[number];
export const SHEET_CARD_TYPE_LABELS: Record<SheetCardType, string> = {
  hypothesis: 'Hypotheses',
  interview: 'Interviews',
  post: 'Posts',
  evidenceOther: 'Other evidence',
};

/** The fields a column can fill, in the order the mapping screen lists them. */
export const SHEET_FIELDS = [
  'title',
  'type',
  'section',
  'description',
  'summary',
  'keyInsights',
  'interviewee',
  'date',
  'tags',
  'risky',
] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];
export const SHEET_FIELD_LABELS: Record<SheetField, string> = {
  title: 'Title',
  type: 'Type',
  section: 'Canvas section',
  description: 'Description',
  summary: 'Summary',
  keyInsights: 'Key insights',
  interviewee: 'Person interviewed',
  date: 'Date',
  tags: 'Tags',
  risky: 'Risky',
};

/** The column (by position) each field is read from; null: not in the file. */
export type SheetMapping = Record<SheetField, number | null>;

export const SHEET_LIMITS = {
  rows: 1000,
  bytes: 2 * 1024 * 1024,
  tagsPerCard: 50,
  tagMax: 50,
} as const;

export const SHEET_MESSAGES = {
  empty: 'That file has no rows under its header row.',
  tooManyRows: `A spreadsheet import takes at most ${SHEET_LIMITS.rows.toLocaleString('en-US')} rows: split the file.`,
  tooBig: 'That file is larger than a spreadsheet import takes (2 MB).',
  chooseTitle: 'Choose the column that holds the titles.',
  sameColumn: (column: string) => `The column “${column}” is chosen for two fields.`,
  titleRequired: (row: number) => `Row ${row} - a title is required`,
  titleTooLong: (row: number) =>
    `Row ${row} - the title is longer than ${CARD_TITLE_MAX} characters`,
  textTooLong: (row: number, field: string) =>
    `Row ${row} - ${field} is longer than ${LIMITS.textFieldMax.toLocaleString('en-US')} characters`,
  badType: (row: number, value: string) =>
    `Row ${row} - ${value} is not a type this import takes (hypothesis, interview, post or evidence)`,
  typeNotAllowed: (row: number, value: string) =>
    `Row ${row} - you may not add ${value} cards to this project`,
  badSection: (row: number, value: string) => `Row ${row} - ${value} is not a canvas section`,
  badDate: (row: number, value: string) =>
    `Row ${row} - ${value} is not a date (write it as 2026-03-14)`,
  ambiguousDate: (row: number, value: string) =>
    `Row ${row} - ${value} could be two dates (write it as 2026-03-14)`,
  tagTooLong: (row: number, tag: string) =>
    `Row ${row} - the tag “${tag}” is longer than ${SHEET_LIMITS.tagMax} characters`,
  tooManyTags: (row: number) =>
    `Row ${row} - a card takes at most ${SHEET_LIMITS.tagsPerCard} tags`,
  badRisky: (row: number, value: string) => `Row ${row} - ${value} is not yes or no (Risky)`,
  hasErrors: 'Some rows have errors: fix them in the file, or skip those rows.',
} as const;

/** The words a header may use for each field (compared without case, accents or punctuation). */
const HEADER_WORDS: Record<SheetField, string[]> = {
  title: ['title', 'hypothesis', 'assumption', 'statement', 'headline', 'subject', 'card'],
  type: ['type', 'kind', 'cardtype'],
  section: ['section', 'canvassection', 'block', 'buildingblock', 'canvasblock'],
  description: ['description', 'details', 'detail', 'rationale', 'why'],
  summary: ['summary', 'synopsis', 'abstract'],
  keyInsights: [
    'keyinsights',
    'insights',
    'insight',
    'learnings',
    'findings',
    'notes',
    'takeaways',
  ],
  interviewee: ['interviewee', 'personinterviewed', 'person', 'contact', 'interviewed'],
  date: ['date', 'interviewdate', 'when', 'day'],
  tags: ['tags', 'tag', 'labels', 'label', 'keywords'],
  risky: ['risky', 'risk', 'highrisk'],
};

const squash = (text: string) =>
  stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The mapping a header row suggests: each field takes the first unused column named for it. */
export function guessSheetMapping(header: readonly string[]): SheetMapping {
  const names = header.map(squash);
  const used = new Set<number>();
  const mapping = Object.fromEntries(SHEET_FIELDS.map((f) => [f, null])) as SheetMapping;
  for (const field of SHEET_FIELDS) {
    for (const word of HEADER_WORDS[field]) {
      const at = names.findIndex((n, i) => n === word && !used.has(i));
      if (at >= 0) {
        mapping[field] = at;
        used.add(at);
        break;
      }
    }
  }
  return mapping;
}

/** What is wrong with a mapping as a whole, or null. */
export function sheetMappingProblem(mapping: SheetMapping, header: readonly string[]) {
  if (mapping.title === null) return SHEET_MESSAGES.chooseTitle;
  const seen = new Set<number>();
  for (const field of SHEET_FIELDS) {
    const at = mapping[field];
    if (at === null) continue;
    if (seen.has(at)) return SHEET_MESSAGES.sameColumn(header[at] ?? `#${at + 1}`);
    seen.add(at);
  }
  return null;
}

/** A row as it will come in. */
export interface SheetCard {
  row: number;
  type: SheetCardType;
  hypothesisType: 'business' | 'product' | null;
  title: string;
  section: CanvasSection;
  description: string;
  summary: string;
  keyInsights: string;
  interviewee: string;
  /** yyyy-mm-dd, or null. */
  date: string | null;
  tags: string[];
  risky: boolean;
  /** Why the card comes in as a draft (the type's publish rule), or null when it is published. */
  draftReason: string | null;
}

const TYPE_WORDS: Record<string, { type: SheetCardType; hypothesisType?: 'business' | 'product' }> =
  {
    hypothesis: { type: 'hypothesis' },
    hypotheses: { type: 'hypothesis' },
    assumption: { type: 'hypothesis' },
    businesshypothesis: { type: 'hypothesis', hypothesisType: 'business' },
    producthypothesis: { type: 'hypothesis', hypothesisType: 'product' },
    interview: { type: 'interview' },
    interviews: { type: 'interview' },
    post: { type: 'post' },
    posts: { type: 'post' },
    evidence: { type: 'evidenceOther' },
    evidenceother: { type: 'evidenceOther' },
    otherevidence: { type: 'evidenceOther' },
    other: { type: 'evidenceOther' },
  };

/** Canvas sections by their key or by a label of any canvas kind, squashed. */
const SECTION_WORDS = (() => {
  const words = new Map<string, CanvasSection>();
  for (const key of CANVAS_SECTIONS) words.set(squash(key), key);
  for (const labels of Object.values(CANVAS_LABELS))
    for (const [key, label] of Object.entries(labels))
      words.set(squash(label), key as CanvasSection);
  return words;
})();

function sectionOf(value: string): CanvasSection | null {
  const word = squash(value);
  return SECTION_WORDS.get(word) ?? SECTION_WORDS.get(`${word}s`) ?? null;
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'risky', 'high']);
const NO = new Set(['no', 'n', 'false', '0', 'low', 'notrisky']);

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

function isoDate(year: number, month: number, day: number): string | null {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day)
    return null;
  return at.toISOString().slice(0, 10);
}

/**
 * A date cell: 2026-03-14 (a time after it is ignored), 14/03/2026 or 03/14/2026 when the day is
 * over 12 (otherwise it could be either: 'ambiguous'), and written months ("14 March 2026",
 * "Mar 14, 2026").
 */
export function readSheetDate(value: string): string | 'ambiguous' | null {
  const text = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) {
    const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (a > 12) return isoDate(year, b, a);
    if (b > 12) return isoDate(year, a, b);
    return a === b ? isoDate(year, a, b) : 'ambiguous';
  }
  const words = stripAccents(text).toLowerCase().replace(/[,.]/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length !== 3) return null;
  const monthAt = words.findIndex((w) => MONTHS.some((name) => w.startsWith(name)));
  if (monthAt < 0) return null;
  const month = MONTHS.findIndex((name) => words[monthAt]!.startsWith(name)) + 1;
  const numbers = words.filter((_, i) => i !== monthAt);
  if (!numbers.every((n) => /^\d{1,4}(st|nd|rd|th)?$/.test(n))) return null;
  const [first, second] = numbers.map((n) => parseInt(n, 10)) as [number, number];
  const [day, year] = first > 31 ? [second, first] : [first, second];
  return year >= 1000 ? isoDate(year, month, day) : null;
}

/** The type's publish rule for a row, as the card's Publish would apply it. */
function draftReasonOf(card: Omit<SheetCard, 'draftReason'>): string | null {
  if (card.type === 'interview')
    return interviewPublishProblem({
      keyInsights: card.keyInsights,
      intervieweeCount: card.interviewee ? 1 : 0,
      hasEngagementProfile: false,
    });
  if (card.type === 'post')
    return postPublishProblem({
      isEvidence: true,
      keyInsights: card.keyInsights,
      summary: card.summary,
    });
  return null;
}

export interface SheetRules {
  /** The type of rows without one. */
  defaultType: SheetCardType;
  /** Whether the person importing may add cards of a type here (with its hypothesis kind). */
  mayAdd: (type: SheetCardType, hypothesisType: 'business' | 'product' | null) => boolean;
}

/**
 * Reads the rows under the header with a mapping. Rows whose mapped cells are all empty are
 * skipped; every other problem is reported with its row number, and the row left out.
 */
export function checkSheetRows(
  body: readonly (readonly string[])[],
  mapping: SheetMapping,
  rules: SheetRules,
): { cards: SheetCard[]; errors: string[] } {
  const cards: SheetCard[] = [];
  const errors: string[] = [];
  body.forEach((cells, index) => {
    const row = index + 2;
    const cell = (field: SheetField) => {
      const at = mapping[field];
      return at === null ? '' : (cells[at] ?? '').trim();
    };
    if (SHEET_FIELDS.every((f) => cell(f) === '')) return;
    const problems: string[] = [];
    const title = cell('title').replace(/\s+/g, ' ');
    if (!title) problems.push(SHEET_MESSAGES.titleRequired(row));
    else if (title.length > CARD_TITLE_MAX) problems.push(SHEET_MESSAGES.titleTooLong(row));

    const typeText = cell('type');
    const typed = typeText ? TYPE_WORDS[squash(typeText)] : { type: rules.defaultType };
    if (!typed) problems.push(SHEET_MESSAGES.badType(row, typeText));
    const type = typed?.type ?? rules.defaultType;
    const hypothesisType = type === 'hypothesis' ? (typed?.hypothesisType ?? 'business') : null;
    if (typed && !rules.mayAdd(type, hypothesisType))
      problems.push(SHEET_MESSAGES.typeNotAllowed(row, typeText || type));

    const sectionText = cell('section');
    let section: CanvasSection = 'unassigned';
    if (sectionText && type === 'hypothesis') {
      const found = sectionOf(sectionText);
      if (found) section = found;
      else problems.push(SHEET_MESSAGES.badSection(row, sectionText));
    }

    for (const field of ['description', 'summary', 'keyInsights'] as const)
      if (cell(field).length > LIMITS.textFieldMax)
        problems.push(SHEET_MESSAGES.textTooLong(row, SHEET_FIELD_LABELS[field]));

    const dateText = cell('date');
    let date: string | null = null;
    if (dateText) {
      const read = readSheetDate(dateText);
      if (read === 'ambiguous') problems.push(SHEET_MESSAGES.ambiguousDate(row, dateText));
      else if (read === null) problems.push(SHEET_MESSAGES.badDate(row, dateText));
      else date = read;
    }

    const tags = [
      ...new Set(
        cell('tags')
          .split(/[,;]/)
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    const longTag = tags.find((t) => t.length > SHEET_LIMITS.tagMax);
    if (longTag) problems.push(SHEET_MESSAGES.tagTooLong(row, longTag));
    else if (tags.length > SHEET_LIMITS.tagsPerCard) problems.push(SHEET_MESSAGES.tooManyTags(row));

    const riskyText = squash(cell('risky'));
    if (riskyText && !YES.has(riskyText) && !NO.has(riskyText))
      problems.push(SHEET_MESSAGES.badRisky(row, cell('risky')));

    if (problems.length > 0) {
      errors.push(...problems);
      return;
    }
    const card = {
      row,
      type,
      hypothesisType,
      title,
      section,
      description: cell('description'),
      summary: cell('summary'),
      keyInsights: type === 'hypothesis' ? '' : cell('keyInsights'),
      interviewee: type === 'interview' ? cell('interviewee').slice(0, 200) : '',
      date,
      tags,
      risky: type === 'hypothesis' && YES.has(riskyText),
    };
    cards.push({ ...card, draftReason: draftReasonOf(card) });
  });
  return { cards, errors };
}

const mappingSchema = z.object(
  Object.fromEntries(SHEET_FIELDS.map((f) => [f, z.number().int().min(0).max(500).nullable()])) as {
    [K in SheetField]: z.ZodNullable<z.ZodNumber>;
  },
);

/** What the import is sent: the file as text, what its rows hold, and (once chosen) the columns. */
export const sheetImportSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  text: z.string(),
  defaultType: z.enum(SHEET_CARD_TYPES),
  mapping: mappingSchema.nullish(),
  /** Only read and check: nothing is written. */
  dryRun: z.boolean().optional(),
  /** Bring in the rows without errors and leave the others out. */
  skipInvalid: z.boolean().optional(),
});
export type SheetImportInput = z.infer<typeof sheetImportSchema>;

const previewRow = z.object({
  row: z.number().int(),
  type: z.enum(SHEET_CARD_TYPES),
  title: z.string(),
  section: z.string(),
  tags: z.array(z.string()),
  date: z.string().nullable(),
  interviewee: z.string(),
  draftReason: z.string().nullable(),
});

/** What it answers: the columns and mapping, a preview, every row's error, and what came in. */
export const sheetImportAnswer = z.object({
  columns: z.array(z.string()),
  mapping: mappingSchema,
  rows: z.number().int(),
  preview: z.array(previewRow),
  errors: z.array(z.string()),
  ready: z.number().int(),
  drafts: z.number().int(),
  imported: z.number().int(),
});
export type SheetImportAnswer = z.infer<typeof sheetImportAnswer>;
