/**
 * The business-model writer: hypotheses for the nine sections, the dashboard statements and the
 * value proposition canvas, written from the parser's model (model.ts) in the project's language.
 * Each hypothesis is a testable statement carrying a fact of the description in the section where
 * it belongs; where the description says nothing, a neutral question takes its place. Nothing is
 * invented: every phrase and number comes from the description.
 */
import type {
  GeneratedDashboard,
  GeneratedExperiment,
  GeneratedHypothesis,
  ValuePropositionCanvas,
} from '@assay/domain';
import type { BusinessModel } from './model.ts';
import { COPULA } from './model-definition.ts';
import { OWN_SUBJECT, tidy } from './phrases.ts';
import type { Lang } from './text.ts';
import { isQuestionTitle, mentionsSection } from './silence.ts';
import { WRITER_TEXT } from './writer-text.ts';
import {
  cap,
  copiesFrom,
  endsOnAWord,
  excerpt,
  folded,
  joinOwn,
  joinPrep,
  list,
} from './writer-phrases.ts';

export { copiesFrom, joinPrep } from './writer-phrases.ts';

type Section = GeneratedHypothesis['section'];

/** The solutions that say what the product does, not what it is ("is a monthly science kit"). */
function actions(m: BusinessModel): string[] {
  const copula = `${COPULA[m.lang]} `;
  return m.solutions.filter((s) => !s.startsWith(copula));
}

interface Draft {
  title: string;
  facts: string[];
}

/** Two statements per section (or one and a question), each with the facts it rests on. */
function drafts(m: BusinessModel, out: Lang): Record<Section, Draft[]> {
  const t = WRITER_TEXT[out];
  const p = (prep: string, phrase: string) => joinPrep(out, prep, phrase);
  const n = m.name || t.customers;
  const q = (text: string) => `${t.q[0]}${text}${t.q[1]}`;
  const seg = m.segments[0];
  const segs = list(m.segments.slice(0, 2), t.and);
  const pain = m.pains[0];
  const sol = m.solutions[0];
  // What the team does, not what the product is ("is a monthly kit").
  const doing = actions(m);
  const act = doing[1] ?? doing[0];
  const price = m.prices[0];
  // Two channels to a statement when the founder named three or four ("Instagram and TikTok").
  const reach =
    m.channels.length >= 3
      ? [m.channels.slice(0, 2), m.channels.slice(2, 4)]
      : m.channels.map((c) => [c]);
  const pick = (...options: (Draft | null | false | undefined)[]) =>
    options.filter((d): d is Draft => !!d);
  return {
    customerSegments: pick(
      seg ? { title: t.segmentFirst(n, segs), facts: m.segments.slice(0, 2) } : null,
      seg && pain ? { title: t.segmentPain(seg, pain, p), facts: [seg, q(pain)] } : null,
      !seg ? { title: t.segmentQuestion(n, p), facts: [] } : null,
      seg && !pain ? { title: t.painQuestion(n, p), facts: [] } : null,
    ),
    valuePropositions: pick(
      sol ? { title: t.solution(n, sol), facts: m.solutions.slice(0, 2).map(q) } : null,
      m.alternatives[0]
        ? { title: t.versus(n, m.alternatives[0], p), facts: m.alternatives.slice(0, 2) }
        : pain
          ? { title: t.relieves(n, m.pains[1] ?? pain), facts: [q(m.pains[1] ?? pain)] }
          : null,
      !sol ? { title: t.solutionQuestion(n, p), facts: [] } : null,
      !m.alternatives[0] && !pain ? { title: t.versusQuestion(n, p), facts: [] } : null,
    ).slice(0, 2),
    channels: pick(
      reach[0] ? { title: t.channel(n, list(reach[0], t.and), p), facts: reach[0] } : null,
      reach[1] ? { title: t.channelPaying(n, list(reach[1], t.and), p), facts: reach[1] } : null,
      !m.channels[0] ? { title: t.channelQuestion(n, p), facts: [] } : null,
    ),
    customerRelationships: [
      { title: t.relationshipStay(n), facts: [] },
      { title: t.relationshipRefer(n), facts: [] },
    ],
    revenueStreams: pick(
      price
        ? { title: t.price(n, price, seg ?? t.customers, p), facts: [price, ...(seg ? [seg] : [])] }
        : { title: t.priceQuestion(n, p), facts: [] },
      m.prices[1]
        ? { title: t.priceAlso(n, m.prices[1]), facts: [m.prices[1]] }
        : price && m.costs.length
          ? { title: t.priceCovers(price, p), facts: [price, ...m.costs.slice(0, 2)] }
          : { title: t.payerQuestion(n, p), facts: [] },
    ),
    keyActivities: pick(
      act
        ? { title: t.activity(act), facts: [q(act)] }
        : { title: t.activityQuestion(n, p), facts: [] },
      { title: t.activityScale(n), facts: [] },
    ),
    keyResources: pick(
      m.costs[0]
        ? {
            title: t.resource(n, m.costs[m.costs.length > 1 ? 1 : 0] as string),
            facts: [m.costs[m.costs.length > 1 ? 1 : 0] as string],
          }
        : { title: t.resourceQuestion(n, p), facts: [] },
      { title: t.resourceMoat(n, p), facts: [] },
    ),
    keyPartners: pick(
      m.partners[0]
        ? { title: t.partner(n, m.partners[0], p), facts: [m.partners[0]] }
        : { title: t.partnerQuestion(n, p), facts: [] },
      m.partners[1] ? { title: t.partnerWorks(n, m.partners[1], p), facts: [m.partners[1]] } : null,
    ),
    costStructure: pick(
      m.costs.length
        ? { title: t.costs(list(m.costs.slice(0, 3), t.and)), facts: m.costs.slice(0, 3) }
        : { title: t.costQuestion(n, p), facts: [] },
      { title: t.costsFall(n), facts: [] },
    ),
  };
}

/** The first project's hypotheses: every section, each with why it was written and how to test it. */
/** The model with every phrase cut to its first `max` words (ending on a content word). */
function shrunk(m: BusinessModel, max: number): BusinessModel {
  const cut = (list: string[]) =>
    list.map((phrase) => {
      const ws = phrase.split(/\s+/);
      if (ws.length <= max) return phrase;
      const cut = ws
        .slice(0, max)
        .join(' ')
        .replace(/[,;:]+$/, '');
      // Ending on a word that says something ("owners in" → "owners"), never on nothing.
      return tidy(cut, m.lang) || cut;
    });
  return {
    ...m,
    segments: cut(m.segments),
    pains: cut(m.pains),
    solutions: cut(m.solutions),
    prices: m.prices,
    channels: cut(m.channels),
    partners: cut(m.partners),
    costs: cut(m.costs),
    alternatives: cut(m.alternatives),
  };
}

/**
 * The same text written from the full phrases, then from shorter ones: the first version that does
 * not repeat 12 words of the description in a row (the product's name before its own words can).
 */
function own<T>(m: BusinessModel, write: (m: BusinessModel) => T, copies: (v: T) => boolean): T {
  for (const version of [m, shrunk(m, 6), shrunk(m, 4), shrunk(m, 2)]) {
    const value = write(version);
    if (!copies(value)) return value;
  }
  return write(shrunk(m, 2));
}

/** Sections every description of a business speaks to: who it serves, what it offers and does. */
const ALWAYS_SAID = new Set<Section>(['customerSegments', 'valuePropositions', 'keyActivities']);

function hypothesesOf(m: BusinessModel, out: Lang): GeneratedHypothesis[] {
  const t = WRITER_TEXT[out];
  const all = drafts(m, out);
  const hypotheses: GeneratedHypothesis[] = [];
  const description = m.sentences.join(' ');
  const placed = [...m.channels, ...m.alternatives, ...m.segments, ...m.prices];
  // A description of a business says who it serves and what it does: where the reader could not
  // pull that out, it says less rather than asking the founder what they wrote (#50 item 3).
  const describesBusiness = description.split(/\s+/).filter(Boolean).length >= 12;
  for (const section of Object.keys(all) as Section[]) {
    for (const d of all[section]) {
      // A question only where the description is silent: where it speaks to the section and no
      // fact could be read, say less (#50 item 3).
      if (
        !d.facts.length &&
        isQuestionTitle(d.title) &&
        ((ALWAYS_SAID.has(section) && describesBusiness) ||
          mentionsSection(
            description,
            section,
            m.lang,
            m.name,
            // A company a channel names is a partner at work too ("supply houses like Graybar").
            section === 'keyPartners'
              ? placed.filter((x) => !(m.channels.includes(x) && /\s\p{Lu}/u.test(x)))
              : placed,
          ))
      )
        continue;
      hypotheses.push({
        section,
        // A contraction cut from its subject rejoins the name before it ("PackRun 's" → "PackRun's")…
        title: cap(d.title)
          .replace(/(\p{L})\s+(['’](?:s|re|ll|d)\b)/gu, '$1$2')
          // …and after a colon, where it has no subject, it goes.
          .replace(/([:;,])\s+['’](?:s|re|ll|d)\s+/gu, '$1 ')
          .slice(0, 290),
        description: [
          d.facts.length ? t.because(d.facts.join('; ')) : t.silent,
          t.untested,
          t.howTo[section] ?? '',
        ]
          .filter(Boolean)
          .join('\n'),
      });
    }
  }
  return hypotheses;
}

export function writeHypotheses(m: BusinessModel, out: Lang): GeneratedHypothesis[] {
  const copies = copiesFrom(m.sentences.join(' '));
  const versions = [m, shrunk(m, 6), shrunk(m, 4), shrunk(m, 2)].map((v) => hypothesesOf(v, out));
  // Each hypothesis from the longest phrases that keep it the team's own words: the same one of
  // its section in each version (a shorter phrase can leave a section one fewer).
  const nth = (v: GeneratedHypothesis[], h: GeneratedHypothesis, i: number) =>
    v.filter((x) => x.section === h.section)[
      versions[0]!.slice(0, i).filter((x) => x.section === h.section).length
    ];
  const picked = versions[0]!.map((h, i) => {
    const same = versions.map((v) => nth(v, h, i)).filter((x) => !!x);
    return same.find((x) => !copies(x.title) && !copies(x.description)) ?? same.at(-1) ?? h;
  });
  return picked.map((h) => ({
    ...h,
    title: endsOnAWord(h.title, m.lang),
    description: endsOnAWord(h.description, m.lang),
  }));
}

/** The dashboard's statements from the model; `fallback` answers what the model lacks. */
export function writeDashboard(
  m: BusinessModel,
  out: Lang,
  fallback: GeneratedDashboard,
): GeneratedDashboard {
  const copies = copiesFrom(m.sentences.join(' '));
  const versions = [m, shrunk(m, 6), shrunk(m, 4), shrunk(m, 2)].map((v) =>
    dashboardOf(v, out, fallback),
  );
  const pick = (field: keyof GeneratedDashboard) =>
    versions.map((v) => v[field]).find((text) => !copies(text)) ?? versions[3]![field];
  return {
    description: pick('description'),
    whoFor: pick('whoFor'),
    problemStatement: pick('problemStatement'),
    solutionStatement: pick('solutionStatement'),
    whyNot: pick('whyNot'),
    whyNow: pick('whyNow'),
  };
}

function dashboardOf(
  m: BusinessModel,
  out: Lang,
  fallback: GeneratedDashboard,
): GeneratedDashboard {
  const t = WRITER_TEXT[out];
  const p = (prep: string, phrase: string) => joinPrep(out, prep, phrase);
  const n = m.name || t.customers;
  const copies = copiesFrom(m.sentences.join(' '));
  const own = (parts: string[]) => joinOwn(parts, '; ', copies).join('; ');
  const sol = m.solutions[0];
  const seg = m.segments[0];
  // "… pour les résidents, pour les résidents d'EHPAD": the segment once.
  const lead =
    sol && seg
      ? folded(sol).join(' ').includes(folded(seg).slice(0, 2).join(' '))
        ? `${n} ${sol}.`
        : t.lead(n, sol, seg, p)
      : null;
  const safe = (text: string) => excerpt(text, copies);
  // What the description does not say is asked, not filled with a stock phrase.
  return {
    description: lead && !copies(lead) ? lead : safe(fallback.description),
    whoFor: m.segments.length
      ? t.whoFor(list(joinOwn(m.segments.slice(0, 3), ' ', copies), t.and))
      : t.segmentQuestion(n, p),
    problemStatement: m.pains.length ? t.problem(own(m.pains.slice(0, 3))) : t.painQuestion(n, p),
    solutionStatement: actions(m).length
      ? t.solutionStatement(n, own(actions(m).slice(0, 3)))
      : m.solutions.length
        ? `${n} ${own(m.solutions.slice(0, 1))}.`
        : t.solutionQuestion(n, p),
    whyNot: m.alternatives.length
      ? t.whyNot(n, list(joinOwn(m.alternatives.slice(0, 3), ' ', copies), t.and))
      : t.versusQuestion(n, p),
    whyNow: safe(fallback.whyNow),
  };
}

/** The six parts of the value proposition canvas; `fallback` fills what the model lacks. */
export function writeValueProposition(
  m: BusinessModel,
  out: Lang,
  fallback: ValuePropositionCanvas,
): ValuePropositionCanvas {
  const copies = copiesFrom(m.sentences.join(' '));
  return own(
    m,
    (v) => valuePropositionOf(v, out, fallback),
    (canvas) => Object.values(canvas).some((part: string[]) => part.some(copies)),
  );
}

/**
 * The product's name as the subject of what it does ("NudgeLaw gets freelancers paid"), unless
 * the phrase has a subject of its own ("you upload the contract": said as it is).
 */
function subjectOf(name: string, solution: string): [string, string] {
  return OWN_SUBJECT.test(solution) ? ['', solution] : [name, solution];
}

const doing = (name: string, solution: string) => cap(subjectOf(name, solution).join(' ').trim());

function valuePropositionOf(
  m: BusinessModel,
  out: Lang,
  fallback: ValuePropositionCanvas,
): ValuePropositionCanvas {
  const t = WRITER_TEXT[out];
  const p = (prep: string, phrase: string) => joinPrep(out, prep, phrase);
  const n = m.name || t.customers;
  const copies = copiesFrom(m.sentences.join(' '));
  // Whatever the parts say, none repeats a sentence of the description word for word.
  // A part neither the model nor the templates can fill asks its question instead of staying empty.
  const either = (mine: string[], theirs: string[], question: string) => {
    const list = (mine.length ? mine : theirs).map((x) => excerpt(x, copies, 9)).slice(0, 6);
    return list.length ? list : [question];
  };
  const pains = m.pains.slice(0, 4);
  const sols = m.solutions.slice(0, 4);
  const q = (text: string) => `${t.q[0]}${text}${t.q[1]}`;
  return {
    customerJobs: either(
      m.segments.slice(0, 2).map((s) => cap(t.job(s, p))),
      fallback.customerJobs,
      t.segmentQuestion(n, p),
    ),
    pains: either(pains.map(cap), fallback.pains, t.painQuestion(n, p)),
    gains: either(
      [...pains.slice(0, 3).map((x) => t.gain(x)), ...fallback.gains].slice(0, 5),
      fallback.gains,
      t.gainQuestion(n, p),
    ),
    productsAndServices: either(
      sols.map((s) => doing(n, s)),
      fallback.productsAndServices,
      t.solutionQuestion(n, p),
    ),
    painRelievers: either(
      sols.length && pains.length
        ? pains.slice(0, 3).map((x, i) => {
            const [who, s] = subjectOf(n, sols[i % sols.length] as string);
            return cap(t.reliever(who, s, x).trim());
          })
        : pains.slice(0, 3).map((x) => t.relieverQuestion(n, q(x), p)),
      fallback.painRelievers,
      t.relieverQuestion(n, t.theProblem, p),
    ),
    gainCreators: either(
      sols.slice(0, 3).map((s) => cap(t.creator(...subjectOf(n, s)).trim())),
      fallback.gainCreators,
      t.creatorQuestion(n, p),
    ),
  };
}

/**
 * First experiments for the riskiest parts: problem interviews with the segment, a one-page offer
 * sent through the channel, and a pre-sale at the stated price. Each statement is the hypothesis
 * it tests; `fallback` keeps the success criteria of the templates.
 */
export function writeExperiments(
  m: BusinessModel,
  out: Lang,
  fallback: GeneratedExperiment[],
): GeneratedExperiment[] {
  const copies = copiesFrom(m.sentences.join(' '));
  return own(
    m,
    (v) => experimentsOf(v, out, fallback),
    (list) => list.some((e) => copies(e.title) || copies(e.statement) || copies(e.description)),
  );
}

function experimentsOf(
  m: BusinessModel,
  out: Lang,
  fallback: GeneratedExperiment[],
): GeneratedExperiment[] {
  const t = WRITER_TEXT[out];
  const p = (prep: string, phrase: string) => joinPrep(out, prep, phrase);
  const n = m.name || t.customers;
  const hypotheses = writeHypotheses(m, out);
  // The section's hypothesis at that place, or its first (a question it did not ask leaves a gap).
  const statement = (section: Section, index = 0) => {
    const inSection = hypotheses.filter((h) => h.section === section);
    return (inSection[index] ?? inSection[0])?.title ?? '';
  };
  const seg = m.segments[0] ?? t.customers;
  const q = (text: string) => `${t.q[0]}${text}${t.q[1]}`;
  const plans: [string, string, string][] = [
    [
      t.interviewsTitle(seg, p),
      statement('customerSegments', m.pains.length ? 1 : 0),
      t.interviewsPlan(seg, m.pains[0] ? q(m.pains[0]) : t.theProblem, p),
    ],
    [
      t.smokeTitle(n, p),
      statement('valuePropositions'),
      t.smokePlan(n, m.solutions[0] ?? t.whatItDoes, m.channels[0] ?? t.theirChannels, p),
    ],
    [
      m.prices[0] ? t.preSaleTitle(n, m.prices[0], p) : t.preSaleTitle(n, t.aPrice, p),
      statement('revenueStreams'),
      t.preSalePlan(seg, m.prices[0] ?? t.aPrice, p),
    ],
  ];
  return fallback.map((e, i) => {
    const [title, claim, plan] = plans[i] ?? [e.title, e.statement, e.description];
    return {
      ...e,
      title: cap(title).slice(0, 290),
      statement: claim || e.statement,
      description: plan,
    };
  });
}
