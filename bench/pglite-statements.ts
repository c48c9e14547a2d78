/**
 * Statements on PGlite (issue #28, decision 014): the same reads through PGlite's own `query` (the
 * baseline: six calls into PostgreSQL a statement, PGlite's parsers spread on each) and through
 * the app's `PgliteStatements`, as the unnamed statement (every statement the code does not name)
 * and as a named one. Each with drizzle's options (rows as arrays, its own timestamp parsers in a
 * new object a query, as drizzle's unprepared queries bring them). Alternated, in one process,
 * medians of the rounds; prints µs and CPU a statement and the calls into PGlite.
 *
 *   npm run bench:pglite-statements -w @assay/bench
 *   BENCH_ROUNDS=5 BENCH_STATEMENTS=5000 npm run bench:pglite-statements -w @assay/bench
 */
import * as pgliteModule from '@electric-sql/pglite';
import { PgliteStatements } from '@assay/server/pglite-statements';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const perRun = Number(process.env.BENCH_STATEMENTS ?? 3000);

const { PGlite, types } = pgliteModule;
const pglite = await PGlite.create();
await pglite.exec(`
  create table cards (id int primary key, title text not null, created_at timestamptz not null,
    data jsonb not null, tags text[] not null);
  insert into cards select g, 'Card ' || g, now(), '{"a": 1}', '{x,y}'
    from generate_series(1, 1000) g;
  analyze cards;`);
const statements = new PgliteStatements(pglite, pgliteModule);

/** drizzle's options for an unprepared query: a new parsers object each time. */
const drizzleOptions = () => ({
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.INTERVAL]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
});
/** A prepared drizzle query keeps its options. */
const preparedOptions = drizzleOptions();

const text = 'select id, title, created_at, data, tags from cards where id = $1';
const ways: Record<string, (id: number) => Promise<unknown>> = {
  'PGlite query (baseline)': (id) => pglite.query(text, [id], drizzleOptions()),
  'unnamed, two calls': (id) => statements.query(text, [id], drizzleOptions(), { unnamed: true }),
  named: (id) => statements.query(text, [id], preparedOptions),
};

// The same answers every way.
const answers = await Promise.all(Object.values(ways).map((run) => run(7)));
for (const answer of answers)
  if (JSON.stringify(answer) !== JSON.stringify(answers[0])) throw new Error('answers differ');

let calls = 0;
// Every call into PostgreSQL, whichever way it is asked for, goes through this one.
const execProtocolRawSync = pglite.execProtocolRawSync.bind(pglite);
pglite.execProtocolRawSync = (...args) => {
  calls += 1;
  return execProtocolRawSync(...args);
};

const results = new Map<string, { us: number[]; cpu: number[]; calls: number }>();
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of Object.entries(ways)) {
    calls = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < perRun; i++) await run((i % 1000) + 1);
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const entry = results.get(name) ?? { us: [], cpu: [], calls: 0 };
    entry.us.push((wall * 1000) / perRun);
    entry.cpu.push((used.user + used.system) / perRun);
    entry.calls = calls / perRun;
    results.set(name, entry);
  }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const base = median(results.get('PGlite query (baseline)')?.cpu ?? []);
console.log(`pglite statements: ${perRun} reads by primary key a run, ${rounds} rounds (medians)`);
for (const [name, { us, cpu, calls: perStatement }] of results)
  console.log(
    `${name.padEnd(24)} ${median(us).toFixed(1)} µs, ${median(cpu).toFixed(1)} µs CPU a statement ` +
      `(${(median(cpu) / base).toFixed(2)}× the baseline), ${perStatement} call${perStatement === 1 ? '' : 's'} into PGlite`,
  );
await pglite.close();
