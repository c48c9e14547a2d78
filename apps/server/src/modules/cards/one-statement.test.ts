import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { preparedOnce } from './one-statement.ts';

const built = await buildTestApp();

describe('a statement prepared once per form', () => {
  it('builds each form once per app and runs it with each call’s values', async () => {
    const built2 = await buildTestApp();
    const builds: string[] = [];
    const run = preparedOnce<{ a: number; b?: number }>('sum', (services, form) => {
      builds.push(`${services === built.services ? 'first' : 'second'} ${form}`);
      const a = sql.placeholder('a');
      return form === 'plus b'
        ? sql`select ${a}::int + ${sql.placeholder('b')}::int + ${a}::int as n`
        : sql`select ${a}::int + ${10}::int as n`;
    });
    const n = async (...args: Parameters<typeof run>) => (await run(...args)).rows[0]?.n;
    expect(await n(built.services, 'plus ten', { a: 1 })).toBe(11);
    expect(await n(built.services, 'plus ten', { a: 5 })).toBe(15);
    // The same placeholder twice takes the same value; a form's fixed values stay in it.
    expect(await n(built.services, 'plus b', { a: 2, b: 3 })).toBe(7);
    expect(await n(built.services, 'plus b', { a: 4, b: 0 })).toBe(8);
    // Another app builds its own: what a form compiles to may depend on the app.
    expect(await n(built2.services, 'plus ten', { a: 0 })).toBe(10);
    expect(builds).toEqual(['first plus ten', 'first plus b', 'second plus ten']);
    // A value the form needs and the call lacks is the caller's mistake, said before PostgreSQL runs.
    await expect(run(built.services, 'plus b', { a: 1 })).rejects.toThrow('sum: no value for b');
  });
});
