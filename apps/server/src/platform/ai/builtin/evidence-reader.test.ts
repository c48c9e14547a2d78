import type { EvidenceReadingInput } from '@assay/domain';
import { describe, expect, it } from 'vitest';
import { builtinReadEvidence } from './evidence-reader.ts';

/** A project of a trade none of the evaluation cases is in: mobile bicycle repair. */
function input(
  hypotheses: ([string, string] | [string, string, string])[],
  text: string,
  type = 'chat',
): EvidenceReadingInput {
  return {
    project: { name: 'SpokeVan', description: 'A van that repairs commuters’ bicycles at work.' },
    hypotheses: hypotheses.map(([id, title, section]) => ({
      id,
      section: section ?? 'customerSegments',
      title,
      description: '',
    })),
    evidence: { type, title: 'Chat', text },
  };
}

/** Other claims of the project, so the words of the one under test are particular to it. */
const OTHERS: Record<string, [string, string, string][]> = {
  fr: [
    ['o1', 'Les entreprises paient la camionnette pour leurs salariés', 'revenueStreams'],
    ['o2', 'Les pendulaires perdent une matinée par crevaison', 'customerSegments'],
  ],
  pt: [
    ['o1', 'As empresas pagam a van para os funcionários', 'revenueStreams'],
    ['o2', 'Os ciclistas perdem uma manhã por pneu furado', 'customerSegments'],
  ],
};

const rating = (reading: ReturnType<typeof builtinReadEvidence>, id: string) =>
  reading.suggestions.find((s) => s.hypothesisId === id)?.rating ?? 0;

describe('the built-in evidence reader', () => {
  it('takes a role in brackets on the first turn for the customer, and a company in brackets on every turn for the company', () => {
    const chat = [
      'Priya (facilities manager, law firm) – 09:02 : Hi, I want to cancel our repair plan.',
      'Tom (SpokeVan) – 09:03 : Sorry to hear that! May I ask why?',
      'Priya – 09:05 : Half the office works from home now, the bike room is empty on Mondays.',
      'Tom (SpokeVan) – 09:06 : We fixed 300 bikes for offices on the monthly report plan last year.',
    ].join('\n');
    const reading = builtinReadEvidence(
      input(
        [
          ['h1', 'Offices fix 300 bikes a year through our monthly report plan'],
          ['h2', 'Facilities managers cancel the repair plan when the office goes remote'],
        ],
        chat,
      ),
      'en-US',
    );
    // What the company's agent says is not evidence about the customer.
    for (const s of reading.suggestions) expect(s.quote).not.toMatch(/300 bikes|May I ask/);
    for (const i of reading.insights) expect(i.quote).not.toMatch(/300 bikes|May I ask/);
    // The customer's first turn is read without the label that introduced her.
    expect(reading.suggestions.find((s) => s.hypothesisId === 'h2')?.quote).toBe(
      'Hi, I want to cancel our repair plan.',
    );
  });

  it('reads a reply that opens on "not really" by what follows it', () => {
    const chat = [
      'Sam (SpokeVan): Is the price part of it?',
      'Ana: not really, $40 a month is less than I spend on one flat tyre at the shop.',
    ].join('\n');
    const reading = builtinReadEvidence(
      input([['h1', '$40 a month is a fair price for commuters']], chat),
      'en-US',
    );
    expect(rating(reading, 'h1')).toBeGreaterThan(0);
  });

  it('weighs counts written as words against a claim’s threshold per the same period', () => {
    const notes =
      'Carla: I take the bike in for a service two times a year, in March and before winter.';
    const reading = builtinReadEvidence(
      input([['h1', 'Commuters service their bikes at least four times a year']], notes),
      'en-US',
    );
    expect(rating(reading, 'h1')).toBe(-2);
    const fr = builtinReadEvidence(
      {
        ...input(
          [['h1', 'Les cyclistes font réviser leur vélo au moins trois fois par an']],
          'Carla : je fais réviser le vélo cinq fois par an, je roule beaucoup.',
        ),
      },
      'fr-FR',
    );
    expect(rating(fr, 'h1')).toBe(2);
  });

  it('reads something tried and dropped as against the claim', () => {
    const notes =
      'Dev: We tried a repair subscription for the team for two months and I dropped it.';
    const reading = builtinReadEvidence(
      input([['h1', 'Offices keep a repair subscription for their team']], notes),
      'en-US',
    );
    expect(rating(reading, 'h1')).toBeLessThan(0);
  });

  it('keeps a short statement against a claim among the key insights', () => {
    const notes = [
      'Carla: We are 14 people and about 9 of us ride in every day, 12 km each way.',
      'Carla: The bike room has 20 racks and a pump we bought for €60 last year.',
      'Carla: Repairs? Not an issue.',
      'Carla: Our facilities budget is €2,000 a year and it mostly goes to coffee.',
      'Carla: We moved here in 2019 from a smaller office with 6 desks.',
      'Carla: Three of us come by train from Leiden, 35 minutes door to door.',
      'Carla: The landlord cleans the bike room every Friday at 7.',
      'Carla: Last winter 4 people switched to the bus for two months.',
    ].join('\n');
    const reading = builtinReadEvidence(
      input([['h1', 'Repairs are an issue for office commuters']], notes, 'interview'),
      'en-US',
    );
    expect(reading.insights.map((i) => i.quote)).toContain('Not an issue.');
  });

  it('asks more of a passage before it bears on the business’s own workings than on its customers', () => {
    const notes = 'Carla: The parking near our office is terrible, I gave up driving in.';
    const h1: [string, string, string] = [
      'h1',
      'Commuters who gave up driving want their bike fixed at work',
      'customerSegments',
    ];
    const h3: [string, string, string] = [
      'h3',
      'Bike shops refer overflow jobs to us',
      'keyPartners',
    ];
    const cost: [string, string, string] = [
      'h2',
      'Parking the van near offices will cost us $150 a month',
      'costStructure',
    ];
    const reading = builtinReadEvidence(input([h1, cost, h3], notes, 'interview'), 'en-US');
    expect(reading.suggestions.find((s) => s.hypothesisId === 'h1')).toBeDefined();
    expect(reading.suggestions.find((s) => s.hypothesisId === 'h2')).toBeUndefined();
    // The same words, on a claim about customers, are a link.
    const asCustomers = builtinReadEvidence(
      input(
        [h1, ['h2', 'Parking near offices is terrible for commuters', 'customerSegments'], h3],
        notes,
        'interview',
      ),
      'en-US',
    );
    expect(asCustomers.suggestions.find((s) => s.hypothesisId === 'h2')).toBeDefined();
  });

  it('reads a word after an elided article as the word ("l’abbonamento" and "abbonati")', () => {
    const chat = 'Giulia: Buongiorno, vorrei sospendere l’abbonamento della bici da giugno.';
    const reading = builtinReadEvidence(
      input(
        [
          ['h1', 'I pendolari restano abbonati tutto l’anno', 'customerSegments'],
          ['h2', 'Le aziende pagano le riparazioni ai dipendenti', 'revenueStreams'],
          ['h3', 'I meccanici lavorano a chiamata nel furgone', 'keyResources'],
        ],
        chat,
      ),
      'it-IT',
    );
    expect(reading.suggestions.find((s) => s.hypothesisId === 'h1')?.quote).toContain(
      'l’abbonamento',
    );
  });

  it('reads what someone pays today below a claimed price as falling short, and the price said back as nothing', () => {
    const claim: [string, string, string] = [
      'h1',
      'Commuters will pay $25 a repair at their office',
      'revenueStreams',
    ];
    const others: [string, string, string][] = [
      ['h2', 'Offices lend us a corner of their bike room', 'keyPartners'],
      ['h3', 'Riders book through the company intranet', 'channels'],
    ];
    const less = builtinReadEvidence(
      input(
        [claim, ...others],
        'Carla: The shop down the road charges me $12 a repair for a flat, I pay that.',
      ),
      'en-US',
    );
    expect(rating(less, 'h1')).toBe(-2);
    const echoed = builtinReadEvidence(
      input(
        [claim, ...others],
        'Carla: About the $25 a repair: no, I already have a guy who does it.',
      ),
      'en-US',
    );
    expect(rating(echoed, 'h1')).toBeLessThan(0);
  });

  it('reads "already" before a count as time gone by, not as something that already serves them', () => {
    const notes =
      'Carla: My bike is already 9 years old, so I took out the repair plan last spring.';
    const reading = builtinReadEvidence(
      input(
        [
          ['h1', 'Riders of older bikes take out the repair plan', 'customerSegments'],
          ['h2', 'Offices lend us a corner of their bike room', 'keyPartners'],
          ['h3', 'Riders book through the company intranet', 'channels'],
        ],
        notes,
        'interview',
      ),
      'en-US',
    );
    expect(rating(reading, 'h1')).toBeGreaterThan(0);
  });

  it('links time spent to a claim about time wasted, the unit being the topic', () => {
    const notes =
      'I talked to Maria, who owns two pizzerias. She spends about 4 hours every Sunday counting stock. ' +
      'She tried an app once but it was too expensive at $120 per month.';
    const reading = builtinReadEvidence(
      input(
        [
          ['h1', 'Owners lose hours every week', 'customerSegments'],
          ['h2', 'Stockly reaches its first customers through Instagram', 'channels'],
          ['h3', 'The team can predict what to order', 'keyActivities'],
          ['h4', 'Suppliers recommend us to the restaurants they deliver to', 'keyPartners'],
          ['h5', 'Scanning invoices is what wins customers over', 'valuePropositions'],
        ],
        notes,
        'interview',
      ),
      'en-US',
    );
    expect(reading.suggestions.find((s) => s.hypothesisId === 'h1')?.quote).toBe(
      'She spends about 4 hours every Sunday counting stock.',
    );
  });

  it('reads "I’d say" as an estimate of what happened, and "I’d pay" as a promise', () => {
    const post = [
      'Since the van comes to the office my Saturdays are mine again, I’d say that’s 3 hours a week back.',
      'Honestly I’d pay for a yearly plan too.',
    ].join('\n');
    const reading = builtinReadEvidence(
      input(
        [
          ['h1', 'Repairs at work give commuters hours back every week', 'valuePropositions'],
          ['h2', 'Commuters will pay for a yearly plan', 'revenueStreams'],
        ],
        post,
        'post',
      ),
      'en-US',
    );
    expect(rating(reading, 'h1')).toBeGreaterThan(0);
    expect(rating(reading, 'h2')).toBe(0);
  });

  it('links a claim that someone will recommend us only to a passage where somebody recommends', () => {
    const claim = 'Les vélocistes du quartier recommanderont SpokeVan à leurs clients';
    const mention = builtinReadEvidence(
      input(
        [['h1', claim, 'channels'], ...OTHERS.fr!],
        'Paul : je connais bien le vélociste du quartier, je passe le voir deux fois par an pour les pneus.',
        'interview',
      ),
      'fr-FR',
    );
    expect(mention.suggestions.filter((x) => x.hypothesisId === 'h1')).toEqual([]);
    const recommended = builtinReadEvidence(
      input(
        [['h1', claim, 'channels'], ...OTHERS.fr!],
        'Paul : c’est le vélociste du quartier qui m’a recommandé votre camionnette, il me l’a dit deux fois.',
        'interview',
      ),
      'fr-FR',
    );
    expect(rating(recommended, 'h1')).toBeGreaterThan(0);
  });

  it('does not read a plain remark as evidence on the business’s own costs, but does a request', () => {
    const reading = builtinReadEvidence(
      input(
        [
          ['h1', 'Parking the van near Market Street will cost us $200 a month', 'costStructure'],
          [
            'h2',
            'Riders need the booking page in Spanish before they will use it',
            'keyActivities',
          ],
        ],
        [
          'Lee: The parking around Market Street is awful, just saying.',
          'Lee: Two of the riders asked if the booking page comes in Spanish.',
        ].join('\n'),
      ),
      'en-US',
    );
    expect(reading.suggestions.map((s) => s.hypothesisId)).toEqual(['h2']);
    expect(rating(reading, 'h2')).toBeGreaterThan(0);
  });

  it('gives each sentence of a bulleted point the topic its label names', () => {
    const notes = [
      'Note – Giulia, ciclista pendolare a Torino.',
      '• Abbonamento: non sa quanto paga al mese. Non ha mai cercato alternative.',
      '• Usa la bici ogni giorno per andare in ufficio.',
    ].join('\n');
    const reading = builtinReadEvidence(
      input(
        [
          ['h1', 'I pendolari vogliono un abbonamento', 'customerSegments'],
          ['h2', 'Le aziende pagano il furgone per i dipendenti', 'revenueStreams'],
          ['h3', 'Troviamo i clienti nei negozi di biciclette', 'channels'],
        ],
        notes,
        'interview',
      ),
      'it-IT',
    );
    const s = reading.suggestions.find((x) => x.hypothesisId === 'h1');
    expect(s?.rating).toBeLessThan(0);
    expect(s?.quote).not.toMatch(/Abbonamento:/);
  });

  it('chooses, among the passages on a claim, the point of notes its label names', () => {
    // A sentence elsewhere names the rival as the claim does, but the point labelled
    // "Abonnement" is what was said about the subscription.
    const notes = [
      'Notes – Karim, coursier à vélo à Lyon.',
      '• Réparations : 70 % de ses réparations passent par Cyclofix, il le trouve pratique.',
      "• Abonnement : il paie autour de 15 € par mois. N'a jamais cherché d'autre solution.",
    ].join('\n');
    const reading = builtinReadEvidence(
      input(
        [['h1', "Les coursiers en ont assez de l'abonnement Cyclofix"], ...OTHERS.fr!],
        notes,
        'interview',
      ),
      'fr-FR',
    );
    const s = reading.suggestions.find((x) => x.hypothesisId === 'h1');
    expect(s?.rating).toBeLessThan(0);
    expect(s?.quote).toBeTruthy();
    expect(notes.split('\n')[2]).toContain(s!.quote);
  });

  it('reads a shrug or "we’ll see" with a lone "no" in it as no answer', () => {
    const reading = builtinReadEvidence(
      input(
        [['h1', 'Os ciclistas aceitam uma comissão por reparo', 'revenueStreams'], ...OTHERS.pt!],
        'Sobre a comissão por reparo, sem reação clara, tem que ver.',
        'interview',
      ),
      'pt-BR',
    );
    expect(reading.suggestions.filter((x) => x.hypothesisId === 'h1')).toEqual([]);
  });

  it('reads Spanish "ya" before any verb as time, and only "ya uso / ya tengo…" as what serves them', () => {
    const claim = 'Los clientes pagan tarde las reparaciones';
    const owed = builtinReadEvidence(
      input(
        [['h1', claim, 'customerSegments']],
        'Ana: Un cliente me paga las reparaciones siempre tarde, ya me debe tres.',
      ),
      'es-MX',
    );
    expect(rating(owed, 'h1')).toBeGreaterThan(0);
    const served = builtinReadEvidence(
      input(
        [['h1', claim, 'customerSegments']],
        'Ana: Los clientes pagan las reparaciones al momento, ya uso una terminal y nadie paga tarde.',
      ),
      'es-MX',
    );
    expect(rating(served, 'h1')).toBeLessThan(0);
  });
});
