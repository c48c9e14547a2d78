import { describe, expect, it } from 'vitest';
import {
  checkSheetRows,
  guessSheetMapping,
  readSheetDate,
  SHEET_MESSAGES,
  type SheetMapping,
} from './spreadsheet-import.ts';

describe('spreadsheet import rules', () => {
  it('reads the dates people write, and refuses the ones that could be two', () => {
    expect(readSheetDate('2026-03-14')).toBe('2026-03-14');
    expect(readSheetDate('2026/3/4 10:30')).toBe('2026-03-04');
    expect(readSheetDate('14/03/2026')).toBe('2026-03-14');
    expect(readSheetDate('03/14/2026')).toBe('2026-03-14');
    expect(readSheetDate('04.04.2026')).toBe('2026-04-04');
    expect(readSheetDate('03/04/2026')).toBe('ambiguous');
    expect(readSheetDate('14 March 2026')).toBe('2026-03-14');
    expect(readSheetDate('Mar 14th, 2026')).toBe('2026-03-14');
    expect(readSheetDate('2026 mars 14')).toBe('2026-03-14');
    expect(readSheetDate('31/02/2026')).toBeNull();
    expect(readSheetDate('next week')).toBeNull();
    expect(readSheetDate('14 March')).toBeNull();
  });

  it('guesses each field from the header words, one column each, without case or accents', () => {
    const mapping = guessSheetMapping([
      'Card ID',
      'Hypothesis',
      'Kind',
      'Building block',
      'Notes',
      'Labels',
      'Person',
      'Date',
      'Title',
    ]);
    expect(mapping).toEqual({
      title: 8,
      type: 2,
      section: 3,
      description: null,
      summary: null,
      keyInsights: 4,
      interviewee: 6,
      date: 7,
      tags: 5,
      risky: null,
    });
    expect(guessSheetMapping(['Résumé', 'Tags', 'TAGS']).tags).toBe(1);
  });

  it('reads types, sections of every canvas kind and hypothesis kinds, and asks only what the type needs', () => {
    const mapping: SheetMapping = {
      ...guessSheetMapping([]),
      title: 0,
      type: 1,
      section: 2,
      summary: 3,
    };
    const { cards, errors } = checkSheetRows(
      [
        ['Students need it', 'Product hypothesis', 'Beneficiaries', ''],
        ['Forum', 'post', 'Customer segments', 'They asked twice'],
        ['Half-done post', 'Posts', '', ''],
        ['Memo', 'memo', '', ''],
        ['A problem', '', 'problem', ''],
      ],
      mapping,
      { defaultType: 'hypothesis', mayAdd: (type) => type !== 'evidenceOther' },
    );
    expect(errors).toEqual([SHEET_MESSAGES.badType(5, 'memo')]);
    expect(cards.map((c) => [c.type, c.hypothesisType, c.section, c.draftReason !== null])).toEqual(
      [
        ['hypothesis', 'product', 'customerSegments', false],
        // Evidence has no canvas section: the column is not read for it.
        ['post', null, 'unassigned', false],
        ['post', null, 'unassigned', true],
        ['hypothesis', 'business', 'keyPartners', false],
      ],
    );
    const refused = checkSheetRows([['Note', 'other']], mapping, {
      defaultType: 'hypothesis',
      mayAdd: (type) => type !== 'evidenceOther',
    });
    expect(refused.errors).toEqual([SHEET_MESSAGES.typeNotAllowed(2, 'other')]);
  });
});
