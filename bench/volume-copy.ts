/**
 * Copies one organisation, made through the app on one database, into another database many
 * times with COPY, each copy a whole organisation of its own: every row of every table that
 * belongs to the organisation (by its organisation, project, card, profile or user), with each of
 * the template's ids given a copy's own prefix wherever it appears (keys, references, ids inside
 * JSON), and the values its unique indexes need unique (a slug, an email) made so. Copy 0 is the
 * organisation itself, ids and sessions unchanged, so one cookie signs in to it in both databases.
 *
 * Deterministic: copy n of a row is always the same text. Foreign keys and triggers are not
 * checked while copying (`session_replication_role = replica`): the rows are the app's own.
 */
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Rows that only the organisation itself needs: sign-ins, mail waiting to go, device marks. */
const ONCE = new Set(['sessions', 'auth_tokens', 'known_devices', 'mail_outbox', 'login_attempts']);

interface Column {
  name: string;
  type: string;
}

interface TemplateTable {
  name: string;
  columns: Column[];
  rows: number;
  /** The rows' COPY text cut where a copy differs: literal text, then a mark, literal, mark… */
  parts: string[];
  marks: Mark[];
  /** The template's own text (copy 0). */
  text: string;
}

/** 'p': the first 8 hex digits of an id; 's': a unique value's suffix; 'e': an email's prefix. */
type Mark = 'p' | 's' | 'e';

const prefixOf = (n: number) => (0xf0000000 + n).toString(16);

async function columnsOf(client: pg.Client): Promise<Map<string, Column[]>> {
  const rows = (
    await client.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
    )
  ).rows;
  const tables = new Map<string, Column[]>();
  for (const r of rows) {
    const list = tables.get(r.table_name) ?? [];
    list.push({ name: r.column_name, type: r.data_type });
    tables.set(r.table_name, list);
  }
  return tables;
}

/** Text columns named in a unique index that has no id (uuid) column to tell copies apart. */
async function uniqueTextColumns(
  client: pg.Client,
  tables: Map<string, Column[]>,
): Promise<Map<string, Set<string>>> {
  const indexes = (
    await client.query<{ tablename: string; indexdef: string }>(
      `select tablename, indexdef from pg_indexes where schemaname = 'public'
        and indexdef like 'CREATE UNIQUE INDEX%'`,
    )
  ).rows;
  const out = new Map<string, Set<string>>();
  for (const { tablename, indexdef } of indexes) {
    const columns = tables.get(tablename) ?? [];
    const named = columns.filter((c) =>
      new RegExp(`\\b${c.name}\\b`).test(indexdef.split(' USING ')[1] ?? ''),
    );
    if (named.some((c) => c.type === 'uuid')) continue;
    const text = named.filter((c) => c.type === 'text' || c.type === 'character varying');
    if (!text.length) continue;
    const set = out.get(tablename) ?? new Set<string>();
    for (const c of text) set.add(c.name);
    out.set(tablename, set);
  }
  return out;
}

/** Which rows of a table are the organisation's, or null when none can be told. */
function selection(table: string, columns: Column[], org: string): string | null {
  const has = (name: string) => columns.some((c) => c.name === name);
  // As text on both sides: a few tables keep an id as text.
  const o = `'${org}'`;
  const projects = `(select id::text from projects where organization_id::text = ${o})`;
  const profiles = `(select id::text from profiles where organization_id::text = ${o})`;
  const users = `(select user_id::text from profiles where organization_id::text = ${o})`;
  const cards = `(select id::text from cards where project_id::text in ${projects})`;
  if (table === 'organizations') return `id::text = ${o}`;
  if (table === 'users') return `id::text in ${users}`;
  if (has('organization_id')) return `organization_id::text = ${o}`;
  if (has('project_id')) return `project_id::text in ${projects}`;
  if (has('card_id')) return `card_id::text in ${cards}`;
  if (has('profile_id')) return `profile_id::text in ${profiles}`;
  if (has('user_id')) return `user_id::text in ${users}`;
  return null;
}

/** Reads the organisation's rows from the source and cuts them where copies differ. */
export async function readTemplate(
  source: pg.Client,
  org: string,
): Promise<{ tables: TemplateTable[]; skipped: string[] }> {
  const tables = await columnsOf(source);
  const unique = await uniqueTextColumns(source, tables);
  const read: { name: string; columns: Column[]; text: string }[] = [];
  const skipped: string[] = [];
  for (const [name, columns] of tables) {
    const where = selection(name, columns, org);
    const count = Number(
      (await source.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]!.n,
    );
    if (!where) {
      if (count > 0) skipped.push(`${name} (${count} rows)`);
      continue;
    }
    const chunks: Buffer[] = [];
    const stream = source.query(copyTo(`copy (select * from "${name}" where ${where}) to stdout`));
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    read.push({ name, columns, text: Buffer.concat(chunks).toString() });
  }
  // The template's ids: every uuid in a column named id (or ending in _id: a key of a row the
  // organisation owns is in one of those) that appears as some copied row's id.
  const ids = new Set<string>();
  for (const table of read) {
    const at = table.columns.findIndex((c) => c.name === 'id' && c.type === 'uuid');
    if (at < 0) continue;
    for (const line of table.text.split('\n')) if (line) ids.add(line.split('\t')[at]!);
  }
  // Copy n's id is the template's with its first 8 hex digits replaced: two ids met only if two
  // of the template's shared their other 24 (random) digits.
  const out: TemplateTable[] = [];
  for (const table of read) {
    const suffixed = unique.get(table.name) ?? new Set<string>();
    const parts: string[] = [];
    const marks: Mark[] = [];
    let literal = '';
    let rows = 0;
    for (const line of table.text.split('\n')) {
      if (!line) continue;
      rows += 1;
      const fields = line.split('\t');
      fields.forEach((field, i) => {
        if (i > 0) literal += '\t';
        const column = table.columns[i]!;
        if (suffixed.has(column.name) && field !== '\\N') {
          if (column.name.includes('email')) {
            parts.push(literal);
            marks.push('e');
            literal = field;
          } else {
            literal += field;
            parts.push(literal);
            marks.push('s');
            literal = '';
          }
          return;
        }
        let last = 0;
        for (const match of field.matchAll(UUID)) {
          if (!ids.has(match[0])) continue;
          literal += field.slice(last, match.index);
          parts.push(literal);
          marks.push('p');
          literal = match[0].slice(8);
          last = match.index + match[0].length;
        }
        literal += field.slice(last);
      });
      literal += '\n';
    }
    parts.push(literal);
    out.push({ name: table.name, columns: table.columns, rows, parts, marks, text: table.text });
  }
  return { tables: out, skipped };
}

/** Copy n's text of a table. */
function copyText(table: TemplateTable, n: number): string {
  const prefix = prefixOf(n);
  const values: Record<Mark, string> = { p: prefix, s: `-v${n}`, e: `v${n}.` };
  let text = table.parts[0]!;
  for (let i = 0; i < table.marks.length; i += 1)
    text += values[table.marks[i]!] + table.parts[i + 1];
  return text;
}

/**
 * Writes copies 0..count-1 of the template into the target, table by table, one COPY per table.
 * Returns the rows written per table.
 */
export async function writeCopies(
  target: pg.Client,
  template: TemplateTable[],
  count: number,
  progress: (table: string, rows: number) => void = () => {},
): Promise<Map<string, number>> {
  await target.query("set session_replication_role = 'replica'");
  const written = new Map<string, number>();
  for (const table of template) {
    if (table.rows === 0) continue;
    const copies = ONCE.has(table.name) ? 1 : count;
    const columns = table.columns.map((c) => `"${c.name}"`).join(', ');
    const stream = target.query(copyFrom(`copy "${table.name}" (${columns}) from stdin`));
    const batch = Math.max(1, Math.floor(2_000_000 / Math.max(1, table.text.length)));
    await pipeline(
      Readable.from(
        (function* () {
          for (let n = 0; n < copies; n += batch) {
            let text = '';
            for (let k = n; k < Math.min(copies, n + batch); k += 1)
              text += k === 0 ? table.text : copyText(table, k);
            yield text;
          }
        })(),
      ),
      stream,
    );
    written.set(table.name, table.rows * copies);
    progress(table.name, table.rows * copies);
  }
  await target.query("set session_replication_role = 'origin'");
  return written;
}
