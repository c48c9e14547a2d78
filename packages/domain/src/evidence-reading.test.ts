/** Quotes checked word for word (#49 item 3): the contract's normalising, and nothing more. */
import { describe, expect, it } from 'vitest';
import {
  checkEvidenceReading,
  findQuote,
  quoteInContext,
  verbatimQuote,
} from './evidence-reading.ts';

const TEXT =
  'Priya: So my mom takes Arjun Monday\u00a0to Thursday.\nShe said “it’s free, right?”  And she’d be hurt if I stopped.';

describe('findQuote', () => {
  it('finds a quote after normalising white space, typographic quotes and surrounding marks', () => {
    expect(verbatimQuote('my mom takes Arjun Monday to Thursday', TEXT)).toBe(
      'my mom takes Arjun Monday\u00a0to Thursday',
    );
    // The marks around a quote are not part of it.
    expect(verbatimQuote('"it\'s free, right?" And she\'d be hurt', TEXT)).toBe(
      'it’s free, right?”  And she’d be hurt',
    );
    expect(verbatimQuote('…And she’d be hurt if I stopped...', TEXT)).toBe(
      'And she’d be hurt if I stopped',
    );
    const span = findQuote('takes Arjun Monday', TEXT)!;
    expect(TEXT.slice(span.start, span.end)).toBe('takes Arjun Monday');
  });

  it('refuses a changed word, another case, a join with an ellipsis, and fewer than three words', () => {
    expect(findQuote('my mum takes Arjun Monday', TEXT)).toBeNull();
    expect(findQuote('So My Mom takes Arjun', TEXT)).toBeNull();
    expect(findQuote('my mom takes ... if I stopped', TEXT)).toBeNull();
    expect(findQuote('my mom', TEXT)).toBeNull();
    expect(findQuote('', TEXT)).toBeNull();
    expect(findQuote(undefined, TEXT)).toBeNull();
  });

  it('places a quote exactly after an emoji (two UTF-16 units)', () => {
    const text =
      'Buenas noches muchachas 🙏\n\nUna me paga con cheque. Le café 😅 on n’y touche pas.';
    expect(verbatimQuote('Una me paga con cheque.', text)).toBe('Una me paga con cheque.');
    expect(verbatimQuote('on n’y touche pas', text)).toBe('on n’y touche pas');
  });

  it('a composed and a decomposed accent are the same letter', () => {
    expect(
      verbatimQuote('ça me prend trente secondes', 'Bon, c\u0327a me prend trente secondes.'),
    ).toBe('c\u0327a me prend trente secondes');
  });
});

describe('quoteInContext', () => {
  const text =
    'We met Rosa at the depot.\n\nRosa: Honestly we   tried three apps last year. I paid $40 a month for the last one and stopped in March. Now we use a whiteboard.';
  it('shows the quote as it stands, with whole words around it, marked where cut', () => {
    const shown = quoteInContext('I paid $40 a month for the last one', text, 30);
    expect(shown).toEqual({
      before: '…tried three apps last year. ',
      quote: 'I paid $40 a month for the last one',
      after: ' and stopped in March. Now we…',
    });
  });
  it('keeps the text whole when it is short, and answers null for a quote not in it', () => {
    expect(quoteInContext('tried three apps last year', 'We tried three apps last year.')).toEqual({
      before: 'We ',
      quote: 'tried three apps last year',
      after: '.',
    });
    expect(quoteInContext('we loved every app we tried', text)).toBeNull();
  });
});

describe('checkEvidenceReading', () => {
  it('drops invented quotes with their claims, unknown hypotheses and second suggestions', () => {
    const { reading, dropped } = checkEvidenceReading(
      {
        suggestions: [
          {
            hypothesisId: 'h1',
            rating: -2,
            quote: 'my mom takes Arjun Monday',
            reason: 'free care',
          },
          { hypothesisId: 'h1', rating: 2, quote: 'And she’d be hurt', reason: 'again' },
          {
            hypothesisId: 'h2',
            rating: 2,
            quote: 'I would pay anything for it',
            reason: 'invented',
          },
          { hypothesisId: 'h9', rating: 1, quote: 'And she’d be hurt', reason: 'unknown id' },
        ],
        insights: [
          { text: 'Her mother looks after him for free.', quote: '"it\'s free, right?"' },
          { text: 'Made up.', quote: 'daycare costs too much' },
        ],
      },
      TEXT,
      ['h1', 'h2'],
    );
    expect(reading.suggestions).toEqual([
      { hypothesisId: 'h1', rating: -2, quote: 'my mom takes Arjun Monday', reason: 'free care' },
    ]);
    expect(reading.insights).toEqual([
      { text: 'Her mother looks after him for free.', quote: 'it’s free, right?' },
    ]);
    expect(dropped).toBe(2);
  });
});
