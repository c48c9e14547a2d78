/**
 * Lexical similarity for connection suggestions and the assistant's retrieval: BM25 over stems
 * (wink-bm25-text-search), with each hypothesis carrying the cue words of its canvas section so
 * evidence about paying finds revenue hypotheses even without shared words. Under three
 * documents (BM25's minimum) the score is the share of the query's stems a document holds.
 */
import { createRequire } from 'node:module';
import { CUES } from './lexicon.ts';
import { contentStems, type Lang } from './text.ts';

const require = createRequire(import.meta.url);
interface Bm25 {
  defineConfig(config: {
    fldWeights: Record<string, number>;
    bm25Params?: Record<string, number>;
  }): void;
  definePrepTasks(tasks: ((input: string) => string[])[]): void;
  addDoc(doc: Record<string, string>, id: string): void;
  consolidate(precision?: number): void;
  search(text: string, limit?: number): [string, number][];
}
const bm25 = () => (require('wink-bm25-text-search') as () => Bm25)();

export interface SearchDoc {
  id: string;
  title: string;
  body: string;
  /** Extra words that say what the document is about (weighted lower). */
  cues?: string;
}

/** Cue words for a canvas section, in a language. */
export function sectionCues(section: string, lang: Lang): string {
  const c = CUES[lang];
  switch (section) {
    case 'customerSegments':
      return c.customers.join(' ');
    case 'revenueStreams':
    case 'costStructure':
      return c.revenue.join(' ');
    case 'channels':
      return c.channels.join(' ');
    case 'keyPartners':
      return c.partners.join(' ');
    case 'valuePropositions':
    case 'customerRelationships':
      return [...c.problem, ...c.gains].join(' ');
    default:
      return c.solution.join(' ');
  }
}

/** The documents ranked for a query, best first, with a score above zero. */
export function rank(
  docs: SearchDoc[],
  query: string,
  lang: Lang,
  limit = 10,
): { id: string; score: number }[] {
  const prep = (text: string) => contentStems(text, lang);
  const queryStems = new Set(prep(query));
  if (!queryStems.size || !docs.length) return [];
  if (docs.length < 3) {
    return docs
      .map((d) => {
        const stems = new Set(prep(`${d.title} ${d.body} ${d.cues ?? ''}`));
        let shared = 0;
        for (const s of queryStems) if (stems.has(s)) shared += 1;
        return { id: d.id, score: shared / queryStems.size };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
  const engine = bm25();
  engine.defineConfig({ fldWeights: { title: 2, body: 1, cues: 0.5 } });
  engine.definePrepTasks([prep]);
  for (const d of docs) engine.addDoc({ title: d.title, body: d.body, cues: d.cues ?? '' }, d.id);
  engine.consolidate();
  return engine
    .search(query, limit)
    .map(([id, score]) => ({ id, score }))
    .filter((r) => r.score > 0);
}
