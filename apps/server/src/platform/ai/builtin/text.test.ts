import { describe, expect, it } from 'vitest';
import { passages } from './evidence-passages.ts';
import { splitLowercaseStarts } from './text.ts';

describe('sentences of casual writing', () => {
  it('end where a lower-case sentence starts after a word, not after an abbreviation', () => {
    expect(
      splitLowercaseStarts(
        'not really, it costs less than pizza night. if it worked I would pay double. but no',
      ),
    ).toEqual([
      'not really, it costs less than pizza night.',
      'if it worked I would pay double.',
      'but no',
    ]);
    expect(splitLowercaseStarts('we use approx. ten apps, e.g. whatsapp vs. email')).toEqual([
      'we use approx. ten apps, e.g. whatsapp vs. email',
    ]);
  });

  it('give a chat’s lower-case messages quotes as short as a sentence', () => {
    const chat =
      '[Tue 3:20 PM] Marcus: not really, $59 is less than I spend on pizza night. if it stopped the texts I’d pay double';
    expect(passages(chat, 'en').map((p) => p.text)).toEqual([
      'not really, $59 is less than I spend on pizza night.',
      'if it stopped the texts I’d pay double',
    ]);
  });
});
