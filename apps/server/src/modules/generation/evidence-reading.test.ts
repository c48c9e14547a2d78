/**
 * Reading evidence (#49): every tier's quotes are checked word for word before anyone sees them,
 * and an outside provider never reads who was interviewed (items 3 and 6).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findQuote, type EvidenceReadingInput } from '@assay/domain';
import { testConfig } from '../../../test/app.ts';
import { startFakeLlm } from '../../../test/fake-llm.ts';
import { createAiProvider } from '../../platform/ai/index.ts';
import { readEvidenceChecked } from './evidence-reading.ts';

// An interview from a trade the evaluation set does not have: a bike-repair van.
const TEXT = [
  'Interviewer: How do you get your bike fixed today?',
  'Marco Bellini: I ride to Spoke & Chain on Elm Street, they charge $45 for a tune-up. Last spring I paid $120 when the chain and cassette went.',
  'Interviewer: Would a van that comes to your office help?',
  'Marco Bellini: Oh, I love that, genius idea, I would totally use it!',
  'Marco Bellini: But honestly I never book anything ahead; I just go when it breaks.',
  'Marco Bellini: My company already pays for a bike mechanic once a month in the garage, it is free for us.',
  'Marco Bellini: Write me at marco.bellini@example.com or call +1 415 555 0142 if you launch.',
].join('\n');

const input: EvidenceReadingInput & { language: 'en-US' } = {
  language: 'en-US',
  project: {
    name: 'WrenchVan',
    description: 'A repair van that services commuters’ bikes at their office while they work.',
  },
  hypotheses: [
    {
      id: 'h1',
      section: 'revenueStreams',
      title: 'Commuters pay for bike repairs at a shop today',
      description: 'They already spend money on tune-ups and parts.',
    },
    {
      id: 'h2',
      section: 'valuePropositions',
      title: 'Commuters will book a repair slot a week ahead',
      description: 'Booking ahead lets us plan the van’s route.',
    },
    {
      id: 'h3',
      section: 'customerSegments',
      title: 'Employers do not offer any bike maintenance to their staff',
      description: 'Offices have bike racks but no mechanic.',
    },
    {
      id: 'h4',
      section: 'keyPartners',
      title: 'Parts wholesalers will give us a trade discount',
      description: 'We need chains and cassettes at trade prices.',
    },
  ],
  evidence: { type: 'interview', title: 'Marco Bellini, office commuter', text: TEXT },
};

/** A model that invents: one quote that is there, one that is not, and an invented insight. */
const invented = {
  suggestions: [
    {
      hypothesisId: 'h1',
      rating: 2,
      quote: 'Last spring I paid $120 when the chain and cassette went.',
      reason: 'Past spending on repairs.',
    },
    {
      hypothesisId: 'h2',
      rating: 2,
      quote: 'I always book my repairs a week ahead.',
      reason: 'Invented.',
    },
  ],
  insights: [
    { text: 'Spent $120 last spring.', quote: 'Last spring I paid $120' },
    { text: 'Invented.', quote: 'The van would save me an hour every week.' },
  ],
};

const fake = await startFakeLlm({ evidence_reading: invented });
const logger = { warn: () => undefined } as never;
const tiers = {
  builtin: createAiProvider(testConfig(), logger),
  openai: createAiProvider(testConfig({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'm' }), logger),
  anthropic: createAiProvider(
    testConfig({
      AI_BASE_URL: fake.anthropicBaseUrl,
      AI_PROVIDER: 'anthropic',
      AI_API_KEY: 'sk-ant-test',
    }),
    logger,
  ),
  // The local GGUF tier is checked in platform/ai/local.test.ts, with the model loaded there once.
};
afterAll(async () => {
  await fake.close();
});

describe('reading evidence', () => {
  it('keeps only quotes found in the evidence, for every tier', async () => {
    for (const [tier, ai] of Object.entries(tiers)) {
      const checked = await readEvidenceChecked(ai, input);
      for (const s of checked.reading.suggestions)
        expect(findQuote(s.quote, TEXT), `${tier} ${s.quote}`).not.toBeNull();
      for (const i of checked.reading.insights)
        expect(findQuote(i.quote, TEXT), `${tier} ${i.quote}`).not.toBeNull();
      expect(checked.reading.insights.length, tier).toBeGreaterThanOrEqual(3);
      if (tier === 'openai' || tier === 'anthropic') {
        // The invented suggestion and insight are gone; the real ones stay.
        expect(checked.dropped, tier).toBe(2);
        expect(
          checked.reading.suggestions.map((s) => s.hypothesisId),
          tier,
        ).toEqual(['h1']);
        expect(checked.reading.insights[0]).toEqual({
          text: 'Spent $120 last spring.',
          quote: 'Last spring I paid $120',
        });
      }
    }
  });

  it('sends an outside provider no names, e-mail addresses or phone numbers, and puts them back', async () => {
    for (const tier of ['openai', 'anthropic'] as const) {
      fake.requests.length = 0;
      await readEvidenceChecked(tiers[tier], input);
      const prompt = fake.requests.flatMap((r) => r.messages.map((m) => m.content)).join('\n');
      expect(prompt).toContain('I ride to Spoke & Chain');
      for (const personal of ['Marco', 'Bellini', 'marco.bellini@example.com', '415 555 0142'])
        expect(prompt, `${tier}: ${personal}`).not.toContain(personal);
      expect(prompt).toMatch(/\[PERSON_1\]/);
      expect(prompt).toMatch(/\[EMAIL_1\]/);
      expect(prompt).toMatch(/\[PHONE_1\]/);
    }
    // An answer quoting a placeholder gets the name back, so its quote is checked as written.
    fake.script.push({
      raw: JSON.stringify({
        suggestions: [
          {
            hypothesisId: 'h3',
            rating: -2,
            quote: 'My company already pays for a bike mechanic once a month',
            reason: '[PERSON_1]’s employer pays a mechanic.',
          },
        ],
        insights: [
          { text: '[PERSON_1] never books ahead.', quote: 'I never book anything ahead' },
          { text: 'Pays $45 a tune-up.', quote: 'they charge $45 for a tune-up' },
          { text: 'Free mechanic at work.', quote: 'it is free for us' },
        ],
      }),
    });
    const checked = await readEvidenceChecked(tiers.openai, input);
    expect(checked.reading.suggestions[0]?.reason).toBe(
      'Marco Bellini’s employer pays a mechanic.',
    );
    expect(checked.reading.insights[0]?.text).toBe('Marco Bellini never books ahead.');
  });

  it('built in: praise is nobody’s evidence, shared words of the notes are not a link, facts are insights', async () => {
    const { reading } = await readEvidenceChecked(tiers.builtin, input);
    // The interviewer's questions and the praise are never quoted as evidence.
    for (const s of reading.suggestions) {
      expect(s.quote).not.toMatch(/Would a van|genius idea/);
      expect(s.reason.length).toBeGreaterThan(10);
    }
    // Parts wholesalers share only the notes' words (chains, cassettes) with the interview.
    expect(reading.suggestions.find((s) => s.hypothesisId === 'h4')).toBeUndefined();
    // What was paid, and what is free, are among the key insights; the praise is not.
    const quotes = reading.insights.map((i) => i.quote);
    expect(quotes).toContain('Last spring I paid $120 when the chain and cassette went.');
    expect(quotes.some((q) => q.includes('it is free for us'))).toBe(true);
    expect(quotes.some((q) => q.includes('genius idea'))).toBe(false);
    expect(reading.insights.length).toBeGreaterThanOrEqual(3);
    expect(reading.insights.length).toBeLessThanOrEqual(6);
  });
});
