/**
 * The shape of an exported project (#29): `project.json` inside the export zip. Versioned: a
 * change that an older import could not read is a new schemaVersion, and docs/export/ keeps the
 * JSON Schema of each (generated from this file: `npm run check:export-schema`).
 */
import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { projectSettingsSchema } from './project-schema.ts';

const when = z.iso.datetime({ offset: true }).nullable();
const json = z.record(z.string(), z.unknown());
/** What the API takes, the import takes (#47 item 3): no 5 MB titles through an import. */
const short = z.string().max(1000);
const long = z.string().max(LIMITS.textFieldMax);
const tag = z.string().max(50);
const place = z.object({ section: z.string().nullable(), rank: z.string().nullable() });

export const exportedCardSchema = z.object({
  id: z.uuid(),
  type: short.describe('hypothesis, interview, post, experiment, …'),
  title: short,
  isEvidence: z.boolean(),
  evidenceKind: z.enum(['say', 'do', 'pay']).nullable(),
  tags: z.array(tag).max(100),
  fields: z.record(short, z.union([long, z.number(), z.boolean(), z.null()])),
  origin: short.nullable().describe('Where it came from: generated (the AI draft), migrated…'),
  version: z.number().int().min(1),
  publishedAt: when,
  createdAt: when,
  updatedAt: when,
  texts: z
    .record(
      short,
      z.object({ text: z.string().max(LIMITS.textFieldMax * 20), generated: z.boolean() }),
    )
    .describe(
      'Rich texts by field (description, notes, key insights…); generated: by the agent, untouched since.',
    ),
  hypothesis: z
    .object({
      type: z.enum(['business', 'product']),
      canvas: place,
      timeline: place,
      productStatus: place,
      productTheme: place,
      businessStatus: z.string(),
      risky: z.boolean(),
      importance: z.number().nullable(),
      result: z.string(),
      resultReason: z.string().nullable(),
      summary: z.string(),
      productScore: json,
    })
    .nullable(),
  evidence: z
    .object({
      summary: z.string(),
      date: when,
      conversation: z.unknown().nullable(),
      videoMeeting: z.unknown().nullable(),
      interviewees: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          email: z.string(),
          phone: z.string(),
          title: z.string(),
          company: z.string(),
          companyLocation: z.string(),
          linkedin: z.string(),
          notes: z.string(),
        }),
      ),
    })
    .nullable(),
  experiment: z
    .object({
      type: z.string(),
      phase: z.enum(['plan', 'run', 'analyze', 'complete']),
      rank: z.string(),
      phaseEnteredAt: when,
      durations: z.record(z.string(), z.number()),
      completedAt: when,
      dueDate: when,
      success: z.boolean().nullable(),
      successCriteria: z.array(json),
      analyze: json,
      keyLearnings: z.string(),
    })
    .nullable(),
});

export const projectExportSchema = z
  .object({
    format: z.literal('assay.project'),
    schemaVersion: z.literal(1),
    exportedAt: z.iso.datetime({ offset: true }),
    project: z.object({
      id: z.uuid(),
      name: z.string().min(1).max(200),
      description: z.string().max(29900),
      language: short,
      status: short,
      settings: projectSettingsSchema.strip(),
      canvas: json,
      customFields: z.array(json),
      prioritization: z.string(),
      projectTags: z.array(tag).max(500),
      dashboard: json,
      market: json,
      petal: json,
      createdAt: when,
    }),
    boardSections: z.array(
      z.object({
        id: z.uuid(),
        board: z.string(),
        key: z.string(),
        name: z.string(),
        color: z.string(),
        rank: z.string(),
        isDefault: z.boolean(),
        protected: z.boolean(),
      }),
    ),
    cards: z.array(exportedCardSchema),
    connections: z.array(
      z.object({
        id: z.uuid(),
        firstCardId: z.uuid(),
        secondCardId: z.uuid(),
        rating: z.number().int().min(-2).max(2).nullable(),
        /** The passage of the evidence an accepted suggestion rested on (#49). */
        quote: z.string().max(400).nullable().optional(),
        createdAt: when,
      }),
    ),
    comments: z.array(
      z.object({
        id: z.uuid(),
        subjectType: z.enum(['project', 'card']),
        subjectId: z.uuid(),
        replyTo: z.uuid().nullable(),
        body: long,
        author: short,
        likes: z.number().int().min(0),
        createdAt: when,
      }),
    ),
    media: z.array(
      z.object({
        id: z.uuid(),
        cardId: z.uuid(),
        filename: short,
        contentType: short,
        size: z.number().int().min(0),
        summary: long.nullable(),
        path: short.describe('Its place in the zip: media/{id}/{filename}.'),
      }),
    ),
  })
  .superRefine((file, context) => {
    // Two cards (connections, comments, files) with one id would be written as one, or fail.
    for (const list of ['cards', 'connections', 'comments', 'media'] as const) {
      const ids = new Set<string>();
      for (const [index, item] of file[list].entries()) {
        if (ids.has(item.id))
          context.addIssue({
            code: 'custom',
            path: [list, index, 'id'],
            message: 'the same id twice',
          });
        ids.add(item.id);
      }
    }
  });
export type ProjectExportFile = z.infer<typeof projectExportSchema>;

/** The JSON Schema of project.json (docs/export/project-v1.schema.json is this, written out). */
export function projectExportJsonSchema(): { $id: string; title: string } & Record<
  string,
  unknown
> {
  return {
    $id: 'https://assay.app/schemas/project-v1.schema.json',
    title: 'An exported Assay project (project.json, schema version 1)',
    ...z.toJSONSchema(projectExportSchema, { target: 'draft-2020-12' }),
  };
}

/** What an import says when it refuses a file (#29 item 2). */
export const IMPORT_MESSAGES = {
  notAZip: 'That file is not a project export (a .zip from Assay).',
  noProject: 'That file has no project.json: it is not a project export.',
  tooBig: 'That file unpacks to more than an import can take (2 GB, 20,000 entries).',
  outsidePath: 'That file holds a path outside its archive, so it was not imported.',
  otherVersion: (version: unknown) =>
    `That file is from another version of the export (schema version ${String(version)}); this Assay reads version 1.`,
  badProject: (problem: string) => `That file’s project.json does not match the export: ${problem}`,
  projectTooBig: 'That file’s project.json is larger than an import can read (32 MB).',
  tooDeep: 'That file’s project.json is too large or too deeply nested to read.',
  fileTooLarge: (name: string) =>
    `${name} is larger than an upload may be, so the project was not imported.`,
} as const;

/** The most an import unpacks: all entries together, and how many there may be. */
export const IMPORT_LIMITS = {
  totalBytes: 2 * 1024 * 1024 * 1024,
  entries: 20_000,
  /** project.json itself, unpacked: it is parsed whole (on a thread with a heap of its own). */
  projectJsonBytes: 32 * 1024 * 1024,
  /** The zip itself, as sent. */
  archiveBytes: 512 * 1024 * 1024,
} as const;

/** What an import answers: the new project and what came in with it. */
export const projectImportAnswer = z.object({
  projectId: z.uuid(),
  name: z.string(),
  cards: z.number().int(),
  connections: z.number().int(),
  files: z.number().int(),
});
