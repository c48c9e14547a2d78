/**
 * Named statements on PGlite (issue #28): a statement the code names is parsed and planned once
 * and then run by name, inside transactions too, with the same answers and errors as PGlite's own
 * query, and under its locks when many run at once.
 */
import * as pgliteModule from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { ownerWithOrganization } from '../../../test/organization.ts';
import { pgliteStatementsClient, PgliteStatements } from './pglite-statements.ts';
import { prepared } from './prepared.ts';
import type { Db } from './index.ts';

const { PGlite } = pgliteModule;
let pglite: InstanceType<typeof PGlite>;
let statements: PgliteStatements;
let db: Db;

const counters = pgTable('counters', { id: integer('id').primaryKey(), n: integer('n').notNull() });
const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });

/** How many statements PostgreSQL holds prepared with this text. */
async function preparedCount(text: string): Promise<number> {
  const result = await pglite.query<{ count: number }>(
    'select count(*)::int as count from pg_prepared_statements where statement = $1',
    [text],
  );
  return result.rows[0]?.count ?? 0;
}

beforeAll(async () => {
  pglite = await PGlite.create();
  statements = new PgliteStatements(pglite, pgliteModule);
  db = drizzle({ client: pgliteStatementsClient(pglite, statements) }) as unknown as Db;
  await pglite.exec(`
    create table items (id serial primary key, name text unique, at timestamptz,
      data jsonb, flag boolean, tags text[]);
    create table counters (id int primary key, n int not null);
    insert into counters values (1, 0);
    create table notes (id int primary key, body text not null);`);
});

afterAll(async () => {
  await pglite.close();
});

describe('named statements on PGlite', () => {
  it('parses a statement once and answers as PGlite’s own query does', async () => {
    const insert =
      'insert into items (name, at, data, flag, tags) values ($1, $2, $3, $4, $5) returning *';
    const at = new Date('2026-11-27T10:00:00.000Z');
    const first = await statements.query(insert, ['a', at, { x: 1 }, true, ['p', 'q']]);
    expect(first.rows).toEqual([
      { id: 1, name: 'a', at, data: { x: 1 }, flag: true, tags: ['p', 'q'] },
    ]);
    await statements.query(insert, ['b', null, null, false, []]);
    await statements.query(insert, ['c', at, [1, 2], null, null]);
    expect(await preparedCount(insert)).toBe(1);

    const select = 'select * from items where name = any($1) order by id';
    const named = await statements.query(select, [['a', 'b', 'c']]);
    const own = await pglite.query(select, [['a', 'b', 'c']]);
    expect(named.rows).toEqual(own.rows);
    expect(named.fields).toEqual(own.fields);
    // A statement that returns no rows answers with none.
    const none = await statements.query('update items set flag = $1 where name = $2', [true, 'z']);
    expect(none.rows).toEqual([]);
    expect(none.affectedRows).toBe(0);
  });

  it('runs what prepared() names, inside a transaction too; nothing else is kept prepared', async () => {
    const byId = prepared(db, 'test_counter_by_id', (d) =>
      d
        .select({ n: counters.n })
        .from(counters)
        .where(sql`${counters.id} = ${sql.placeholder('id')}`)
        .prepare('test_counter_by_id'),
    );
    const text = byId.getQuery().sql;
    expect(await preparedCount(text)).toBe(0);
    expect(await byId.execute({ id: 1 })).toEqual([{ n: expect.any(Number) as number }]);
    const inside = await db.transaction(async (tx) => {
      await tx
        .update(counters)
        .set({ n: 100 })
        .where(sql`${counters.id} = 1`);
      const read = prepared(tx, 'test_counter_by_id', (d) =>
        d
          .select({ n: counters.n })
          .from(counters)
          .where(sql`${counters.id} = ${sql.placeholder('id')}`)
          .prepare('test_counter_by_id'),
      );
      return read.execute({ id: 1 });
    });
    expect(inside).toEqual([{ n: 100 }]);
    expect(await preparedCount(text)).toBe(1);
    // A statement the code did not name is not prepared.
    await db.select().from(notes);
    const unnamed = await pglite.query<{ count: number }>(
      `select count(*)::int as count from pg_prepared_statements where statement like '%"notes"%'`,
    );
    expect(unnamed.rows[0]?.count).toBe(0);
    await db
      .update(counters)
      .set({ n: 0 })
      .where(sql`${counters.id} = 1`);
  });

  it('runs every other statement as the unnamed one in two calls, answering as PGlite does', async () => {
    const statementsBefore = await pglite.query('select count(*) from pg_prepared_statements');
    const calls = vi.spyOn(pglite, 'execProtocolRawSync');
    const theirParser = vi.spyOn(pglite, 'execProtocolStream');
    const select = 'select * from items where name = any($1) order by id';
    const mine = await statements.query(select, [['a', 'b', 'c']], undefined, { unnamed: true });
    expect(calls).toHaveBeenCalledTimes(2);
    expect(theirParser).not.toHaveBeenCalled();
    calls.mockClear();
    const theirs = await pglite.query(select, [['a', 'b', 'c']]);
    expect(calls.mock.calls.length).toBeGreaterThan(2);
    calls.mockRestore();
    theirParser.mockRestore();
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
    expect(await pglite.query('select count(*) from pg_prepared_statements')).toMatchObject({
      rows: statementsBefore.rows,
    });
    // Through drizzle, in and out of a transaction, with its own parsers (timestamps as text).
    const at = new Date('2026-11-27T10:00:00.000Z');
    const [written] = await db
      .insert(notes)
      .values({ id: 50, body: `at ${at.toISOString()}` })
      .returning();
    expect(written).toEqual({ id: 50, body: 'at 2026-11-27T10:00:00.000Z' });
    const read = await db.transaction(async (tx) => {
      await tx
        .update(notes)
        .set({ body: 'changed' })
        .where(sql`${notes.id} = 50`);
      return (await tx.execute(
        sql`select body, ${at}::timestamptz as at from notes where id = 50`,
      )) as { rows: unknown[] };
    });
    expect(read.rows).toEqual([{ body: 'changed', at: '2026-11-27 10:00:00+00' }]);
    // Its errors are PostgreSQL's, with the statement; a failed transaction leaves nothing.
    const clash = await db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 51, body: 'x' });
        await tx.insert(notes).values({ id: 50, body: 'again' });
      })
      .catch((error: unknown) => error);
    expect(clash).toMatchObject({
      cause: { code: '23505', query: expect.stringContaining('"notes"') as string },
    });
    const left = (await db.execute(sql`select id from notes where id >= 50 order by id`)) as {
      rows: unknown[];
    };
    expect(left.rows).toEqual([{ id: 50 }]);
    // Nothing runs in a transaction once it has ended.
    let ended: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> } | undefined;
    await db.transaction(async (tx) => {
      ended = tx;
      await Promise.resolve();
    });
    await expect(ended?.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: 'Transaction is closed' },
    });
    await db.delete(notes).where(sql`${notes.id} = 50`);
  });

  it('reads an answer PGlite hands over in many chunks whole', async () => {
    const chunks: number[] = [];
    const raw = pglite.execProtocolRawStream.bind(pglite);
    const spy = vi.spyOn(pglite, 'execProtocolRawStream').mockImplementation((message, options) =>
      raw(message, {
        ...options,
        onRawData: (chunk) => {
          chunks.push(chunk.length);
          options?.onRawData(chunk);
        },
      }),
    );
    const select =
      "select n, repeat(chr(97 + n % 26), 2000 + n) || 'é' as body from generate_series(1, $1::int) n";
    const mine = await statements.query<{ n: number; body: string }>(select, [400]);
    spy.mockRestore();
    const theirs = await pglite.query<{ n: number; body: string }>(select, [400]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(mine.rows).toHaveLength(400);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[399]?.body).toHaveLength(2401);
    // Parameters are written by their bytes, not their characters.
    const echo = await statements.query<{ t: string }>('select $1::text as t, $2::int as n', [
      'é € 😀',
      7,
    ]);
    expect(echo.rows).toEqual([{ t: 'é € 😀', n: 7 }]);
  });

  it('gives PostgreSQL’s error and leaves nothing half done', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2) returning id';
    await statements.query(insert, [1, 'first']);
    const duplicate = await statements.query(insert, [1, 'again']).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', query: insert });
    // The instance is ready for the next statement, named or not.
    expect((await statements.query(insert, [2, 'second'])).rows).toEqual([{ id: 2 }]);
    // In a transaction the error aborts it, and what it wrote before is rolled back.
    const failed = await pglite
      .transaction(async (tx) => {
        await statements.query(insert, [3, 'third'], undefined, { inTransaction: true });
        await statements.query(insert, [1, 'clash'], undefined, { inTransaction: true });
        return tx;
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '23505' });
    const left = await pglite.query<{ id: number }>('select id from notes order by id');
    expect(left.rows.map((row) => row.id)).toEqual([1, 2]);
    // A parameter of the wrong type is refused, not sent.
    await expect(statements.query(insert, ['not a number', 'x'])).rejects.toMatchObject({
      code: '22P02',
    });
  });

  it('applies a caller’s parsers over PGlite’s own, merged once per parsers object', async () => {
    const given: unknown[] = [];
    // An instance of its own: statement names are per instance.
    const own = await PGlite.create();
    await own.exec(`create table items (name text, at timestamptz, data jsonb, tags text[]);
      insert into items values ('a', '2026-11-27T10:00:00Z', '{"x": 1}', '{p,q}');`);
    const watched = new PgliteStatements(own, {
      parse: {
        ...pgliteModule.parse,
        parseResults: (messages, parsers, options, blob) => {
          given.push(parsers);
          expect(options).not.toHaveProperty('parsers');
          return pgliteModule.parse.parseResults(messages, parsers, options, blob);
        },
      },
    });
    // As drizzle asks: timestamps left as PostgreSQL wrote them, rows as arrays.
    const options = {
      rowMode: 'array' as const,
      parsers: { [pgliteModule.types.TIMESTAMPTZ]: (value: string) => `at ${value}` },
    };
    const select = 'select at, data, tags from items where name = $1';
    const first = await watched.query<unknown[]>(select, ['a'], options);
    expect(first.rows).toEqual([['at 2026-11-27 10:00:00+00', { x: 1 }, ['p', 'q']]]);
    await watched.query<unknown[]>(select, ['a'], options);
    expect(given[1]).toBe(given[0]);
    // Without parsers of its own a statement gets PGlite's, as they are.
    const plain = await watched.query<{ at: Date }>(select, ['a']);
    expect(plain.rows[0]?.at).toEqual(new Date('2026-11-27T10:00:00.000Z'));
    expect(given[2]).toBe(own.parsers);
    // Parsers PGlite adds later (an array of a new type) are seen through the merged ones.
    await own.exec(`create type mood as enum ('calm', 'busy');`);
    await own.refreshArrayTypes();
    const moods = await watched.query<unknown[]>(
      `select $1::timestamptz, array['calm', 'busy']::mood[]`,
      ['2026-11-27T10:00:00Z'],
      options,
    );
    expect(moods.rows).toEqual([['at 2026-11-27 10:00:00+00', ['calm', 'busy']]]);
    await own.close();
  });

  it('keeps 40 at once apart: in and out of transactions, every change counted once', async () => {
    const bump = 'update counters set n = n + 1 where id = $1 returning n';
    const read = 'select n from counters where id = $1';
    const runs = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? db.transaction(async () => {
            const bumped = await statements.query<{ n: number }>(bump, [1], undefined, {
              inTransaction: true,
            });
            const seen = await statements.query<{ n: number }>(read, [1], undefined, {
              inTransaction: true,
            });
            // Nothing else ran between the two inside the transaction.
            expect(seen.rows[0]?.n).toBe(bumped.rows[0]?.n);
            return bumped.rows[0]?.n;
          })
        : statements.query<{ n: number }>(bump, [1]).then((result) => result.rows[0]?.n),
    );
    const values = await Promise.all(runs);
    expect([...values].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect((await pglite.query<{ n: number }>(read, [1])).rows[0]?.n).toBe(40);
  });
});

describe('the app on PGlite', () => {
  it('reads who is asking through the named identity statement', async () => {
    const built = await buildTestApp();
    const database = built.services.database;
    if (database.kind !== 'pglite' || !database.pglite) return;
    const { owner, org } = await ownerWithOrganization(built);
    const me = await owner.agent.post(
      '/api/gateway/query',
      { query: '{ me { id } }' },
      { 'x-organization-id': org.id },
    );
    expect(me.statusCode).toBe(200);
    const held = await database.pglite.query<{ statement: string }>(
      'select statement from pg_prepared_statements',
    );
    expect(held.rows.some((row) => /from "sessions"/.test(row.statement))).toBe(true);
  });
});
