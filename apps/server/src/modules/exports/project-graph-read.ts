/**
 * An import's project.json, read and checked (pure; it runs on a worker thread with a heap of
 * its own, #47 item 3): JSON, the format and its version, then every field with the API's limits
 * and no id twice. Answers the graph, or the message that refuses the file.
 */
import { IMPORT_MESSAGES, projectExportSchema, type ProjectExportFile } from '@assay/domain';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from './project-format.ts';

/** Deeper than any export nests (a card's dashboard JSON is a few levels). */
const MAX_DEPTH = 64;

/** Whether a parsed value nests deeper than `most` (iterative: no stack to overflow). */
function tooDeep(value: unknown, most: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= most) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

export type GraphReading = { graph: ProjectExportFile } | { refused: string };

export function readGraph(bytes: Uint8Array): GraphReading {
  let raw: unknown;
  try {
    raw = JSON.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
    );
  } catch (error) {
    // A stack overflow is the parser giving up on nesting, not a file that is not JSON.
    return {
      refused:
        error instanceof RangeError
          ? IMPORT_MESSAGES.tooDeep
          : IMPORT_MESSAGES.badProject('it is not JSON.'),
    };
  }
  if (tooDeep(raw, MAX_DEPTH)) return { refused: IMPORT_MESSAGES.tooDeep };
  const head = (raw ?? {}) as { format?: unknown; schemaVersion?: unknown };
  if (head.format !== EXPORT_FORMAT) return { refused: IMPORT_MESSAGES.noProject };
  if (head.schemaVersion !== EXPORT_SCHEMA_VERSION)
    return { refused: IMPORT_MESSAGES.otherVersion(head.schemaVersion) };
  let parsed: ReturnType<typeof projectExportSchema.safeParse>;
  try {
    parsed = projectExportSchema.safeParse(raw);
  } catch (error) {
    if (error instanceof RangeError) return { refused: IMPORT_MESSAGES.tooDeep };
    throw error;
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      refused: IMPORT_MESSAGES.badProject(
        `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? ''}`,
      ),
    };
  }
  return { graph: parsed.data };
}
