/**
 * No false gaps (#50 item 3): a question only where the description is silent. A section the
 * description speaks to, in words the reader could not turn into a fact, gets no question.
 */
import { describe, expect, it } from 'vitest';
import { GENERATED_SECTIONS } from '@assay/domain';
import { builtinHypotheses, builtinProjectData } from './generator.ts';
import { isQuestionTitle, mentionsSection, withoutFalseGaps } from './silence.ts';

const brief = (language: 'en-US' | 'es-US' | 'fr-FR' | 'it-IT' | 'pt-BR', description: string) => ({
  name: 'PackRun',
  description,
  language,
});

describe('silence', () => {
  it('hears partners at work, costs in any phrasing and channels one goes through (#50)', () => {
    // Work done for or with the business, and a supplier it gets things from.
    expect(mentionsSection('a clinic on 5th checks the records for us', 'keyPartners', 'en')).toBe(
      true,
    );
    expect(mentionsSection('we rent the land from them', 'keyPartners', 'en')).toBe(true);
    expect(
      mentionsSection('as lojas que indicam a gente no balcão', 'keyPartners', 'pt', 'Andaime'),
    ).toBe(true);
    expect(mentionsSection('i pagamenti passano da stripe', 'keyPartners', 'it')).toBe(true);
    // A channel reached through a medium names no partner.
    expect(mentionsSection('we reach owners through instagram', 'keyPartners', 'en')).toBe(false);
    // Costs asked and answered, or said in the singular.
    expect(
      mentionsSection('Les coûts ? Les camions et les chauffeurs.', 'costStructure', 'fr'),
    ).toBe(true);
    expect(mentionsSection('El costo principal son los sueldos.', 'keyResources', 'es')).toBe(true);
    expect(mentionsSection('we sell it by the month', 'costStructure', 'en')).toBe(false);
    // Going through someone is a channel.
    expect(mentionsSection('on passe par les coopératives laitières', 'channels', 'fr')).toBe(true);
  });

  it('asks no one who their customers are or what they offer once the description says it', () => {
    // Customers and offer written so that no reader could lift them as phrases.
    const data = builtinProjectData(
      brief(
        'en-US',
        'so basically the thing is for the folks at the dog park every morning, the ones always late for work. we sort that out for them, every day, rain or shine, no stress at all.',
      ),
    );
    for (const section of ['customerSegments', 'valuePropositions', 'keyActivities']) {
      expect(
        data.hypotheses.filter((h) => h.section === section && isQuestionTitle(h.title)),
        section,
      ).toEqual([]);
    }
  });

  it('knows when a description speaks to a section, in each language', () => {
    expect(
      mentionsSection('we get customers through nextdoor posts and flyers', 'channels', 'en'),
    ).toBe(true);
    expect(mentionsSection('Vendemos por medio de grupos de WhatsApp', 'channels', 'es')).toBe(
      true,
    );
    expect(
      mentionsSection('le club nous reverse 10 à 15 % sur chaque partie', 'revenueStreams', 'fr'),
    ).toBe(true);
    expect(mentionsSection('prezzo: 3,50 € a pacco', 'revenueStreams', 'it')).toBe(true);
    expect(
      mentionsSection(
        'Trabalhamos com a Cooperativa Sul na entrega',
        'keyPartners',
        'pt',
        'Andaime Já',
      ),
    ).toBe(true);
    expect(
      mentionsSection(
        'Costs: van lease $1,200/mo, and we charge $40 a walk',
        'costStructure',
        'en',
      ),
    ).toBe(true);
    expect(mentionsSection('A better way to plan weddings.', 'channels', 'en')).toBe(false);
    expect(mentionsSection('A better way to plan weddings.', 'keyPartners', 'en', 'WedWell')).toBe(
      false,
    );
  });

  it('writes no question in a section the description covers, and keeps the questions of a silent one', () => {
    const silent = builtinProjectData(brief('en-US', 'A better way to plan weddings.'));
    expect(silent.hypotheses.filter((h) => isQuestionTitle(h.title)).length).toBeGreaterThan(3);
    const spoken = builtinProjectData(
      brief(
        'en-US',
        'dog walks for busy people in the east side. we take 6 dogs per van run, $25 per walk, found our first clients via Nextdoor posts and the building managers at two condo towers who hand out our flyers. costs are the van lease and gas, around $900 a month.',
      ),
    );
    for (const h of spoken.hypotheses) {
      if (!isQuestionTitle(h.title)) continue;
      // Every question left is in a section the description is silent on.
      expect(['channels', 'revenueStreams', 'keyPartners', 'costStructure']).not.toContain(
        h.section,
      );
    }
  });

  it('keeps "more hypotheses" for a section free of questions the description answers, in five languages', () => {
    const cases = [
      brief('en-US', 'Busy parents hear about us from the school newsletter and pay $12 a week.'),
      brief(
        'es-US',
        'Las familias nos conocen por el boletín de la escuela y pagan $12 a la semana.',
      ),
      brief(
        'fr-FR',
        'Les familles nous connaissent par la lettre de l’école et paient 12 € par semaine.',
      ),
      brief(
        'it-IT',
        'Le famiglie ci conoscono dalla newsletter della scuola e pagano 12 € a settimana.',
      ),
      brief('pt-BR', 'As famílias nos conhecem pelo boletim da escola e pagam R$ 12 por semana.'),
    ];
    for (const b of cases)
      for (const section of ['channels', 'revenueStreams'] as const) {
        const more = builtinHypotheses(b, section, []).hypotheses;
        for (const h of more) {
          expect(isQuestionTitle(h.title), `${b.language} ${section}: ${h.title}`).toBe(false);
          expect(h.title).not.toMatch(/the problem we describe|a channel we can afford/);
        }
      }
  });

  it('drops a question of any tier in a section the description speaks to, and keeps it elsewhere', () => {
    const kept = withoutFalseGaps(
      [
        { section: 'channels', title: 'Where can PackRun find its first customers?' },
        { section: 'channels', title: 'Nextdoor posts bring PackRun its first walks' },
        { section: 'keyResources', title: 'Which skill does PackRun lack?' },
      ],
      { name: 'PackRun', description: 'We find clients through Nextdoor posts.' },
      'en',
    );
    expect(kept.map((h) => h.title)).toEqual([
      'Nextdoor posts bring PackRun its first walks',
      'Which skill does PackRun lack?',
    ]);
    expect(GENERATED_SECTIONS).toContain('channels');
  });
});

describe('phrases', () => {
  it('never starts a customer phrase on a preposition cut from a longer one', () => {
    const data = builtinProjectData(
      brief(
        'en-US',
        'ok so quick voice note. a lot of cat owners in the new apartment blocks travel for work every month and the cat is left alone for days. so we send a sitter twice a day, $30 a visit, booked in the app.',
      ),
    );
    for (const h of data.hypotheses)
      expect(h.title, h.title).not.toMatch(/\bof of\b|^Of |will be of /);
  });
});
