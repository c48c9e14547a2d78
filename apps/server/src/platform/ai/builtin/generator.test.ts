import { describe, expect, it } from 'vitest';
import {
  GENERATED_SECTIONS,
  LANGUAGES,
  interviewQuestionsSchema,
  marketDataSchema,
  petalDiagramSchema,
  projectDataSchema,
  valuePropositionCanvasSchema,
  type Language,
} from '@assay/domain';
import {
  builtinAnswer,
  builtinExperiment,
  builtinFileSummary,
  builtinHypotheses,
  builtinInterviewQuestions,
  builtinKeyInsights,
  builtinMarketData,
  builtinPetalDiagram,
  builtinProjectData,
  builtinValueProposition,
} from './generator.ts';
import { analyze, detectLang } from './analysis.ts';
import { parseBusinessModel } from './model.ts';
import { tidy } from './phrases.ts';
import { DESCRIPTIONS } from './samples.ts';
import { langOf } from './text.ts';
import { copiesFrom, joinPrep } from './writer.ts';
import { rank, sectionCues } from './similarity.ts';

/** Words only the writer of each language uses, to check the output's language. */
const TEMPLATE_WORDS: Record<Language, RegExp> = {
  'en-US': /Untested until you connect evidence/,
  'es-US': /Sin probar hasta que conectes evidencia/,
  'fr-FR': /Non testée tant qu'aucune preuve/,
  'it-IT': /Da verificare finché non colleghi/,
  'pt-BR': /Não testada até você conectar/,
};

const CUSTOMERS: Record<Language, RegExp> = {
  'en-US': /independent restaurant owners/i,
  'es-US': /dueños de restaurantes independientes/i,
  'fr-FR': /propriétaires de restaurants indépendants/i,
  'it-IT': /proprietari di ristoranti indipendenti/i,
  'pt-BR': /donos de restaurantes independentes/i,
};

const brief = (language: Language, description = DESCRIPTIONS[language]) => ({
  name: 'Stockly',
  description,
  language,
  experiments: true,
});

/** Numbers in a text that are not in the description (an invented figure). */
function inventedNumbers(text: string, source: string) {
  const allowed = new Set([...(source.match(/\d+/g) ?? []), '1', '2', '3', '10', '6', '20']);
  return (text.match(/\d+/g) ?? []).filter((n) => !allowed.has(n));
}

describe('the built-in generator on casual writing (#50)', () => {
  it('writes no phrase that starts on a filler or leaves a contraction hanging', () => {
    expect(tidy('basically dog daycare for busy owners', 'en')).toBe('dog daycare for busy owners');
    expect(tidy('cioè un gestionale per tatuatori', 'it')).toBe('un gestionale per tatuatori');
    const data = builtinProjectData({
      name: 'PackRun',
      language: 'en-US',
      description:
        "ok so packrun, it's basically dog daycare except we come get the dog. dog owners downtown work 10 hour days. $38 a day.",
    });
    for (const h of data.hypotheses) expect(h.title).not.toMatch(/\s['’]s\b/);
  });

  it('reads money however it is written, and ends the price where another clause begins', () => {
    const read = (lang: Parameters<typeof parseBusinessModel>[1], text: string) =>
      parseBusinessModel(text, lang, 'X').prices;
    expect(read('es', 'el paquete cuesta 450-650 dlls por evento y cobramos un anticipo.')).toEqual(
      ['450-650 dlls por evento'],
    );
    expect(read('es', 'cobramos 15 mil pesos al mes por sucursal.')[0]).toContain('15 mil pesos');
    expect(read('fr', 'on facture 2,5 k€ HT par chantier.')[0]).toContain('2,5 k€');
    expect(read('it', "costa 29 euro al mese a studio più l'1% sulle caparre.")).toEqual([
      '29 euro al mese a studio',
    ]);
    // "… and per scale" still says what the amount is paid for.
    expect(read('fr', 'Le prix : 4 € par mois et par balance.')[0]).toContain('et par balance');
  });

  it('never takes money lost for the price, even in a sentence that asks what things cost', () => {
    const cases: [Parameters<typeof parseBusinessModel>[1], string, string, string][] = [
      [
        'en',
        'half the messages ask what a small tattoo costs, and then people no-show, and if you block 5 hours for a sleeve and they do not come that is $600 gone. it costs $29 a month per studio.',
        '$29',
        '$600',
      ],
      [
        'it',
        'metà dei messaggi sono quanto costa un tatuaggino, e poi la gente non si presenta, perché se blocchi 5 ore per un braccio e quello non viene sono tipo 600 euro andati. costa 29 euro al mese a studio.',
        '29 euro',
        '600',
      ],
      [
        'pt',
        'metade das mensagens é quanto custa uma tatuagem, e aí o cliente não aparece e são uns 600 reais perdidos. custa R$ 29 por mês por estúdio.',
        'R$ 29',
        '600',
      ],
    ];
    for (const [lang, text, price, loss] of cases) {
      const m = parseBusinessModel(text, lang, 'Ink');
      expect(m.prices.join(' '), lang).toContain(price);
      expect(m.prices.join(' '), lang).not.toContain(loss);
    }
  });

  const memo =
    'dog walks for busy people in the east side. we take 6 dogs per van run, $25 per walk, found our first clients via Nextdoor posts and the building managers at two condo towers who hand out our flyers. costs are the van lease and gas, around $900 a month.';

  it('reads sentences that start in lower case, the price per unit, and a cost that is not the price', () => {
    const data = builtinProjectData(brief('en-US', memo));
    const revenue = data.hypotheses.filter((h) => h.section === 'revenueStreams');
    expect(revenue.map((h) => h.title).join(' ')).toContain('$25 per walk');
    expect(revenue.map((h) => h.title).join(' ')).not.toContain('$900');
    // Its channels are read now that each sentence stands alone.
    expect(data.hypotheses.filter((h) => h.section === 'channels').length).toBeGreaterThan(0);
  });

  it('ends a phrase or a quote it cuts on a word that says something', () => {
    const data = builtinProjectData(
      brief(
        'en-US',
        'mobile knife sharpening for food truck owners in denver. they lose a whole lunch rush every time a blade goes dull. we come to the truck, $20 a knife.',
      ),
    );
    const quoted = data.hypotheses.map((h) => h.title).filter((t) => t.includes('“'));
    expect(quoted.length).toBeGreaterThan(0);
    for (const title of quoted) expect(title).not.toMatch(/\s(?:every|the|a|of|to)”/);
    // Nor a phrase cut before a comma ("For food truck owners in, …").
    for (const h of data.hypotheses) expect(h.title).not.toMatch(/\s(?:in|of|the|a|to|every),/);
  });

  it('asks first about the last time of the pain the founder named, in their words', () => {
    const description =
      'Dock Dash picks up returns from small shops. The problem is that couriers never come before closing time. We charge $3 per parcel.';
    const h = {
      title: 'Small shops will use Dock Dash',
      section: 'customerSegments',
      description: '',
      project: { name: 'Dock Dash', description, language: 'en-US' as const },
    };
    expect(builtinInterviewQuestions(h).questions[0]).toBe(
      'Tell me about the last time this happened to you: “couriers never come before closing time”.',
    );
    // Written in another language than the questions: no quote, the topic as before.
    const other = { ...h, project: { ...h.project, language: 'fr-FR' as const } };
    expect(builtinInterviewQuestions(other).questions[0]).not.toMatch(/couriers/);
  });

  it('asks about the last time of a thing, never of a figure torn from a sentence', () => {
    for (const [language, description] of [
      [
        'it-IT',
        'Ortobox: abbonamento 9 €/mese, verdura consegnata ogni martedì. Le famiglie di città non trovano verdura fresca vicino a casa.',
      ],
      [
        'fr-FR',
        'Ruchette : 4 capteurs par ruche. Les apiculteurs perdent du temps à ouvrir les ruches. Abonnement 12 € par mois.',
      ],
    ] as const) {
      const project = { name: description.split(':')[0]!, description, language };
      const h = { title: 'Les clients', section: 'customerSegments', description: '', project };
      const [first] = builtinInterviewQuestions(h).questions;
      expect(first).not.toMatch(/\d/);
    }
  });
});

describe('the built-in generator', () => {
  for (const language of LANGUAGES) {
    it(`drafts a project from a ${language} description, in ${language}`, () => {
      const data = projectDataSchema.parse(builtinProjectData(brief(language)));
      for (const section of GENERATED_SECTIONS) {
        expect(
          data.hypotheses.some((h) => h.section === section),
          section,
        ).toBe(true);
      }
      // Two statements in most sections; the customers the description names, in its words.
      const perSection = GENERATED_SECTIONS.filter(
        (section) => data.hypotheses.filter((h) => h.section === section).length >= 2,
      );
      expect(perSection.length).toBeGreaterThanOrEqual(7);
      expect(
        data.hypotheses.some(
          (h) => h.section === 'customerSegments' && CUSTOMERS[language].test(h.title),
        ),
      ).toBe(true);
      const copies = copiesFrom(DESCRIPTIONS[language]);
      for (const h of data.hypotheses) {
        // Every card says it is untested and how to test it; none pastes the description.
        expect(h.description).toMatch(TEMPLATE_WORDS[language]);
        expect(copies(h.title), h.title).toBe(false);
        expect(copies(h.description), h.description).toBe(false);
      }
      for (const text of Object.values(data.dashboard)) expect(copies(text), text).toBe(false);
      expect(data.experiments).toHaveLength(3);
      expect(data.dashboard.problemStatement.length).toBeGreaterThan(20);
      // Nothing is invented as a number.
      const all = JSON.stringify(data);
      expect(inventedNumbers(all, DESCRIPTIONS[language])).toEqual([]);
      const market = marketDataSchema.parse(builtinMarketData(brief(language)));
      expect(market).toMatchObject({ target: null, served: null, total: null });
      expect(inventedNumbers(market.notes + market.analysis, DESCRIPTIONS[language])).toEqual([]);
      const petal = petalDiagramSchema.parse(builtinPetalDiagram(brief(language)));
      expect(petal.categories.every((c) => c.companies.length === 0)).toBe(true);
    });

    it(`detects ${language} and extracts customers, product, channel and revenue`, () => {
      const a = analyze(DESCRIPTIONS[language], 'en');
      expect(a.lang).toBe(language.slice(0, 2));
      expect(a.customer).toMatch(CUSTOMERS[language]);
    });

    it(`reads a ${language} description into a business model`, () => {
      const m = parseBusinessModel(DESCRIPTIONS[language], langOf(language), 'Stockly');
      expect(m.segments.join(' ')).toMatch(CUSTOMERS[language]);
      expect(m.pains[0]).toMatch(/\b(?:waste|pierden|perdent|perdono|perdem)\b/i);
      // Two actions, then what the product is, after its name ("is a mobile inventory app").
      expect(m.solutions).toHaveLength(3);
      expect(m.solutions[2]).toMatch(/^(?:is an? |es una |est une |è un'|é um )\p{L}/u);
      expect(m.prices[0]).toMatch(/subscription|suscripción|abonnement|abbonamento|assinatura/);
      expect(m.channels.join(' ')).toMatch(/Instagram|social|sociales|sociaux|sociais/);
      expect(m.channels.join(' ')).toMatch(
        /suppliers|proveedores|fournisseurs|fornitori|fornecedores/,
      );
      // Parts the description does not mention stay empty rather than invented.
      expect(m.partners).toEqual([]);
      expect(m.costs).toEqual([]);
      // The writer puts each part in its section, and asks where the description is silent.
      const data = builtinProjectData(brief(language));
      const titles = (section: string) =>
        data.hypotheses.filter((h) => h.section === section).map((h) => h.title);
      expect(titles('revenueStreams').join(' ')).toContain(m.prices[0]!);
      expect(titles('channels').join(' ')).toContain(m.channels[0]!);
      expect(titles('valuePropositions').join(' ')).toContain(m.solutions[0]!);
      expect(titles('keyPartners')[0]).toMatch(/\?$/);
      expect(titles('costStructure')[0]).toMatch(/\?$/);
    });
  }

  it('joins prepositions to phrases with each language’s contractions', () => {
    expect(joinPrep('es', 'a', 'el equipo')).toBe('al equipo');
    expect(joinPrep('es', 'de', 'los dueños')).toBe('de los dueños');
    expect(joinPrep('fr', 'à', 'les boulangeries')).toBe('aux boulangeries');
    expect(joinPrep('fr', 'de', 'le marché')).toBe('du marché');
    expect(joinPrep('fr', 'pour', 'cantines scolaires')).toBe('pour des cantines scolaires');
    expect(joinPrep('fr', 'que', 'Emmaüs')).toBe("qu'Emmaüs");
    expect(joinPrep('it', 'di', 'il foglio Excel')).toBe('del foglio Excel');
    expect(joinPrep('it', 'su', "l'agenzia")).toBe("sull'agenzia");
    expect(joinPrep('pt', 'de', 'os salões')).toBe('dos salões');
    expect(joinPrep('pt', 'por', 'a internet')).toBe('pela internet');
    expect(joinPrep('en', 'for', 'the owners')).toBe('for the owners');
  });

  it('writes the facts a description gives in the sections they belong to', () => {
    const description =
      'TidyDesk is software for small accounting firms that lose hours chasing client documents. ' +
      'TidyDesk collects receipts by email and reminds clients automatically. ' +
      'Firms pay $79 per month per accountant. We sell through accounting associations. ' +
      'It integrates with QuickBooks. Our biggest costs are hosting and support. ' +
      'Today firms use shared folders and email.';
    const data = builtinProjectData({ ...brief('en-US', description), name: 'TidyDesk' });
    const titles = (section: string) =>
      data.hypotheses
        .filter((h) => h.section === section)
        .map((h) => h.title)
        .join(' | ');
    expect(titles('customerSegments')).toMatch(/small accounting firms/);
    expect(titles('customerSegments')).toMatch(/lose hours chasing client documents/);
    expect(titles('valuePropositions')).toMatch(/collects receipts by email/);
    expect(titles('valuePropositions')).toMatch(/shared folders/);
    expect(titles('revenueStreams')).toMatch(/\$79 per month per accountant/);
    expect(titles('channels')).toMatch(/accounting associations/);
    expect(titles('keyPartners')).toMatch(/QuickBooks/);
    expect(titles('costStructure')).toMatch(/hosting and support/);
    expect(data.dashboard.whyNot).toMatch(/shared folders/);
    const vpc = builtinValueProposition({
      title: '',
      section: 'valuePropositions',
      description: '',
      project: { ...brief('en-US', description), name: 'TidyDesk' },
    });
    for (const part of Object.values(vpc)) expect(part.length).toBeGreaterThan(0);
  });

  it('writes in the chosen language even when the description is in another', () => {
    const data = builtinProjectData({ ...brief('fr-FR', DESCRIPTIONS['en-US']) });
    expect(data.hypotheses[0]!.description).toMatch(TEMPLATE_WORDS['fr-FR']);
    expect(data.hypotheses.some((h) => /independent restaurant owners/i.test(h.title))).toBe(true);
    expect(detectLang(DESCRIPTIONS['pt-BR'], 'en')).toBe('pt');
  });

  it('is deterministic', () => {
    expect(builtinProjectData(brief('es-US'))).toEqual(builtinProjectData(brief('es-US')));
  });

  it('asks neutral questions where the description names little, never placeholders', () => {
    const data = builtinProjectData(brief('en-US', 'A better way to plan weddings.'));
    expect(data.hypotheses.length).toBeGreaterThan(9);
    for (const section of GENERATED_SECTIONS)
      expect(data.hypotheses.some((h) => h.section === section)).toBe(true);
    expect(data.hypotheses.filter((h) => h.title.endsWith('?')).length).toBeGreaterThan(4);
    const texts = [
      ...data.hypotheses.flatMap((h) => [h.title, h.description]),
      ...Object.values(data.dashboard),
      ...data.experiments.flatMap((e) => [e.title, e.statement, e.description]),
    ];
    for (const text of texts)
      expect(text).not.toMatch(
        /undefined|null|[[\]{}]|the problem we describe|a channel we can afford/,
      );
  });

  it('offers new hypotheses for a section, skipping titles the project has', () => {
    const first = builtinHypotheses(brief('en-US'), 'channels', []);
    const next = builtinHypotheses(brief('en-US'), 'channels', [first.hypotheses[0]!.title]);
    expect(next.hypotheses.map((h) => h.title)).not.toContain(first.hypotheses[0]!.title);
    expect(next.hypotheses.every((h) => h.section === 'channels')).toBe(true);
  });

  it('offers first the hypotheses the description grounds, in the section asked for', () => {
    const b = {
      name: 'ShelfSense',
      description:
        'ShelfSense helps independent grocers with one to three stores stop losing money on expired stock. Grocers pay €49 a month. We sell through the regional wholesalers they already order from.',
      language: 'en-US' as const,
    };
    const revenue = builtinHypotheses(b, 'revenueStreams', []).hypotheses;
    expect(revenue[0]!.title).toMatch(/€49/);
    const channels = builtinHypotheses(b, 'channels', []).hypotheses;
    expect(channels[0]!.title).toMatch(/wholesalers/);
    const again = builtinHypotheses(b, 'revenueStreams', [revenue[0]!.title]).hypotheses;
    expect(again.map((h) => h.title)).not.toContain(revenue[0]!.title);
  });

  it('writes interview questions, an experiment and a value proposition canvas for a hypothesis', () => {
    const h = {
      title: 'Independent restaurant owners will pay for Stockly through monthly subscription',
      section: 'revenueStreams',
      description: '',
      project: brief('en-US'),
    };
    const questions = interviewQuestionsSchema.parse(builtinInterviewQuestions(h)).questions;
    expect(questions.some((q) => /pay for this today/.test(q))).toBe(true);
    const experiment = builtinExperiment(h);
    expect(experiment).toMatchObject({ experimentType: 'evaluative', statement: h.title });
    const vpc = valuePropositionCanvasSchema.parse(builtinValueProposition(h));
    expect(vpc.pains.join(' ')).toMatch(/waste hours/);
    const es = builtinInterviewQuestions({ ...h, project: brief('es-US') }).questions;
    expect(es[1]).toBe('¿Qué fue lo más difícil?');
  });

  it('picks key insights from interview notes in their own words', () => {
    const notes =
      'I talked to Maria, she owns two pizzerias. She spends about 4 hours every Sunday counting stock. She hates it. ' +
      'She tried an app once but it was too expensive at $120 per month. Her supplier sometimes helps. The weather was nice.';
    const { insights } = builtinKeyInsights(notes, 'en-US');
    expect(insights).toContain('She spends about 4 hours every Sunday counting stock');
    expect(insights.some((i) => /\$120 per month/.test(i))).toBe(true);
    expect(insights.join(' ')).not.toMatch(/weather/);
  });

  it('finds the pains and the surprise in notes in every language, without the opening line', () => {
    const notes: [Language, string, RegExp, RegExp][] = [
      [
        'fr-FR',
        "Entretien avec Paul, gérant d'un garage à Lyon. Il passe deux heures par jour au téléphone avec les clients. Les pièces arrivent souvent en retard. Ce qui nous a surpris : il préfère un SMS à une application.",
        /heures par jour au téléphone/,
        /surpris/,
      ],
      [
        'pt-BR',
        'Visita à Ana, dona de uma padaria em Recife. Ela perde clientes quando a fila passa de dez pessoas. O sistema do banco demora três dias para pagar. Surpresa: ela aceitaria pagar mais por receber no mesmo dia.',
        /perde clientes/,
        /Surpresa/,
      ],
    ];
    for (const [language, text, pain, surprise] of notes) {
      const { insights } = builtinKeyInsights(text, language);
      expect(insights.join(' ')).toMatch(pain);
      expect(insights.join(' ')).toMatch(surprise);
      expect(insights.join(' ')).not.toMatch(/^Entretien avec|^Visita/);
    }
  });

  it('summarizes a document extractively and answers from passages with citations', () => {
    const summary = builtinFileSummary(
      `${DESCRIPTIONS['en-US']} ${DESCRIPTIONS['en-US']}`,
      'en-US',
    ).summary;
    expect(summary).toMatch(/^The \d sentences/);
    const answer = builtinAnswer({
      question: 'who pays?',
      passages: [
        { cardId: 'c1', title: 'Owners pay', type: 'hypothesis', text: 'Owners pay monthly.' },
      ],
      language: 'en-US',
    });
    expect(answer.citations).toEqual(['c1']);
    expect(builtinAnswer({ question: 'x', passages: [], language: 'it-IT' }).citations).toEqual([]);
    // The riskiest hypothesis, from the ranking: the first with its reasons, the next ones cited.
    const standings = [
      {
        cardId: 'h1',
        title: 'Owners pay monthly',
        risky: true,
        result: 'none' as const,
        evidence: 0,
        ratingSum: 0,
        experimentRunning: false,
      },
      {
        cardId: 'h2',
        title: 'Suppliers share catalogues',
        risky: false,
        result: 'none' as const,
        evidence: 2,
        ratingSum: -2,
        experimentRunning: false,
      },
    ];
    const riskiest = builtinAnswer({
      question: 'Which hypothesis is riskiest?',
      passages: [],
      language: 'en-US',
      intent: 'riskiest',
      standings,
    });
    expect(riskiest.answer).toBe(
      'The riskiest hypothesis is “Owners pay monthly”: marked risky, no evidence connected yet. Then: “Suppliers share catalogues”.',
    );
    expect(riskiest.citations).toEqual(['h1', 'h2']);
    const next = builtinAnswer({
      question: 'Que tester ensuite ?',
      passages: [],
      language: 'fr-FR',
      intent: 'testNext',
      standings: standings.slice(1),
    });
    expect(next.answer).toMatch(
      /^À tester maintenant, « Suppliers share catalogues » : 2 preuves, notes cumulées -2, les preuves vont plutôt contre/,
    );
  });
});

describe('lexical suggestions', () => {
  const hypotheses = [
    {
      id: 'segment',
      section: 'customerSegments',
      title: 'Restaurant owners lose hours every week counting stock by hand',
    },
    {
      id: 'revenue',
      section: 'revenueStreams',
      title: 'Owners will pay a monthly subscription for automatic ordering',
    },
    {
      id: 'channel',
      section: 'channels',
      title: 'We can reach owners through Instagram and food suppliers',
    },
    {
      id: 'partner',
      section: 'keyPartners',
      title: 'Food suppliers will share their catalogues with us',
    },
    { id: 'value', section: 'valuePropositions', title: 'Predicting orders cuts food waste' },
  ].map((h) => ({ id: h.id, title: h.title, body: '', cues: sectionCues(h.section, 'en') }));
  const cases: [string, string][] = [
    ['She spends 4 hours every Sunday counting the stock in the cellar.', 'segment'],
    ['He would pay 40 dollars per month if it ordered for him.', 'revenue'],
    ['She found her current tool on Instagram.', 'channel'],
    ['Our supplier already sends a catalogue every Monday.', 'partner'],
    ['They throw away a lot of food every week because they order too much.', 'value'],
    ['The price matters less than the time it saves.', 'revenue'],
  ];
  it('puts the right hypothesis in the top 3 for most evidence', () => {
    let top1 = 0;
    let top3 = 0;
    for (const [evidence, expected] of cases) {
      const ranked = rank(hypotheses, evidence, 'en', 3).map((r) => r.id);
      if (ranked[0] === expected) top1 += 1;
      if (ranked.includes(expected)) top3 += 1;
    }
    expect(top3).toBeGreaterThanOrEqual(5);
    expect(top1).toBeGreaterThanOrEqual(4);
  });
  it('scores by shared stems under three documents, and finds nothing for unrelated text', () => {
    expect(rank(hypotheses.slice(0, 2), 'counting stock', 'en')[0]!.id).toBe('segment');
    expect(rank(hypotheses, 'zebra quantum', 'en')).toEqual([]);
  });
});
