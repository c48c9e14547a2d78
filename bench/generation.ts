/**
 * The built-in generator's speed (issue #9): a first project (hypotheses for nine sections,
 * dashboard, experiments), the market worksheet and the petal diagram from a 1,000-character
 * description, in each of the five languages; p50 and p99 over many runs after a warm-up.
 * No network, no database: the generator alone.
 */
import {
  builtinMarketData,
  builtinPetalDiagram,
  builtinProjectData,
} from '../apps/server/src/platform/ai/builtin/generator.ts';
import { DESCRIPTIONS } from '../apps/server/src/platform/ai/builtin/samples.ts';
import { LANGUAGES } from '@assay/domain';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);

/** A description of about 1,000 characters: the language's sample, repeated with variations. */
function thousandCharacters(base: string): string {
  let text = base;
  let n = 2;
  while (text.length < 1000) text += ` ${base.replace(/Stockly/g, `Stockly ${n++}`)}`;
  return text.slice(0, 1000).replace(/\s\S*$/, '.');
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const rows: string[] = [];
for (const language of LANGUAGES) {
  const brief = {
    name: 'Stockly',
    description: thousandCharacters(DESCRIPTIONS[language]),
    language,
    experiments: true,
  };
  for (let i = 0; i < 20; i++) builtinProjectData(brief);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    builtinProjectData(brief);
    builtinMarketData(brief);
    builtinPetalDiagram(brief);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rows.push(
    `| ${language} | ${brief.description.length} | ${percentile(times, 50).toFixed(2)} ms | ${percentile(times, 99).toFixed(2)} ms |`,
  );
}
console.log(`Built-in project generation, ${RUNS} runs per language after 20 warm-up runs`);
console.log('| language | characters | p50 | p99 |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(row);
