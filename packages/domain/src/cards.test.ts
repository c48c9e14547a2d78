import { describe, expect, it } from 'vitest';
import {
  canCreateCard,
  cardDisplayText,
  DISPLAY_TEXT_MAX,
  canEditCard,
  isDraftEmpty,
  isValidRank,
  projectScope,
  rankBetween,
  titleProblem,
  TITLE_MESSAGES,
} from './cards.ts';
import { cardPath } from './card-paths.ts';
import { canvasLayout, cleanFieldValues, fieldValueProblem, validOrder } from './canvas-layout.ts';
import { computeProductScore, sortByPriority } from './scores.ts';

describe('card rules', () => {
  it('names the missing title per type', () => {
    expect(titleProblem('post', ' ')).toBe(TITLE_MESSAGES.evidence);
    expect(titleProblem('interview', '')).toBe('Your interview needs a title');
    expect(titleProblem('interview', '', { meeting: true })).toBe('Your meeting needs a title');
    expect(titleProblem('experiment', '')).toBe('Your experiment needs a title.');
    expect(titleProblem('hypothesis', '')).toBe('The title can not be left blank.');
    expect(titleProblem('hypothesis', 'x'.repeat(301))).toBe(
      'The title must be less than 300 characters',
    );
    expect(titleProblem('hypothesis', 'Fine')).toBeNull();
  });

  it('discards only drafts with nothing in them', () => {
    expect(isDraftEmpty('hypothesis', { title: ' ' })).toBe(true);
    expect(isDraftEmpty('hypothesis', { summary: 'Something' })).toBe(false);
    expect(isDraftEmpty('interview', { intervieweeCount: 1 })).toBe(false);
    expect(isDraftEmpty('experiment', { successCriteriaCount: 1 })).toBe(false);
    expect(isDraftEmpty('post', { mediaCount: 1 })).toBe(false);
    expect(isDraftEmpty('post', { commentCount: 2 })).toBe(false);
  });

  it('builds card paths', () => {
    expect(cardPath({ id: 'c1', type: 'hypothesis', hypothesisType: 'product' })).toBe(
      '/idea/c1/details',
    );
    expect(cardPath({ id: 'c1', type: 'intercom' }, 'connections')).toBe('/card/c1/connections');
  });

  it('gives project scopes that never exceed the organisation role', () => {
    const limited = projectScope({
      organizationRole: 'limitedContributor',
      projectRole: 'admin',
      openToOrganization: true,
    });
    expect(canCreateCard(limited, 'hypothesis')).toBe(false);
    expect(canCreateCard(limited, 'post')).toBe(true);
    const viewer = projectScope({
      organizationRole: 'collaborator',
      projectRole: 'viewer',
      openToOrganization: true,
    });
    expect(canCreateCard(viewer, 'hypothesis')).toBe(false);
    const closed = projectScope({
      organizationRole: 'collaborator',
      projectRole: null,
      openToOrganization: false,
    });
    expect(canCreateCard(closed, 'hypothesis')).toBe(false);
    const admin = projectScope({
      organizationRole: 'admin',
      projectRole: null,
      openToOrganization: false,
    });
    expect(canCreateCard(admin, 'hypothesis')).toBe(true);
    // The creator edits their own evidence with partialCard:write.
    expect(
      canEditCard(limited, { type: 'interview', createdBy: 'me', isEvidence: true }, 'me'),
    ).toBe(true);
    expect(
      canEditCard(limited, { type: 'interview', createdBy: 'you', isEvidence: true }, 'me'),
    ).toBe(false);
    expect(
      canEditCard(limited, { type: 'hypothesis', createdBy: 'me', isEvidence: false }, 'me'),
    ).toBe(false);
  });

  it('makes ranks between neighbours and refuses made-up ones', () => {
    const a = rankBetween(null, null);
    const b = rankBetween(a, null);
    const mid = rankBetween(a, b);
    expect(a < mid && mid < b).toBe(true);
    expect(rankBetween(b, a) > b).toBe(true);
    expect(isValidRank(mid)).toBe(true);
    expect(isValidRank('a0 ; drop')).toBe(false);
    expect(isValidRank('')).toBe(false);
  });
});

describe('product scores', () => {
  it('computes totals and quadrants, and sorts by the chosen method', () => {
    expect(computeProductScore({ ice: { impact: 5, confidence: 4, ease: 2 } }).ice?.total).toBe(40);
    expect(
      computeProductScore({ rice: { reach: 1000, impact: 2, confidence: 80, effort: 4 } }).rice
        ?.total,
    ).toBe(400);
    expect(
      computeProductScore({ rice: { reach: 1, impact: 2, confidence: 80, effort: 0 } }).rice?.total,
    ).toBeNull();
    expect(computeProductScore({ ie: { impact: 9, effort: 9 } }).ie?.quadrant).toBe(
      'majorProjects',
    );
    expect(computeProductScore({ ie: { impact: 2, effort: 2 } }).ie?.quadrant).toBe('fillIns');
    expect(computeProductScore({ pf: { pain: 9, frequency: 2 } }).pf?.quadrant).toBe('intense');
    expect(
      computeProductScore({ ice: { impact: 5, confidence: null, ease: 2 } }).ice?.total,
    ).toBeNull();
    const sorted = sortByPriority(
      [
        { title: 'none', productScore: {} },
        { title: 'low', productScore: { ice: { impact: 1, confidence: 1, ease: 1 } } },
        { title: 'high', productScore: { ice: { impact: 9, confidence: 9, ease: 9 } } },
      ],
      'ice',
    );
    expect(sorted.map((c) => c.title)).toEqual(['high', 'low', 'none']);
  });
});

describe('canvas layout', () => {
  const templates = {
    defaultTemplateId: 't1',
    templates: [
      { id: 't1', name: 'T', protected: false, sections: { channels: { name: 'Routes' } } },
    ],
  };
  it('layers type labels, template names and project renames', () => {
    const layout = canvasLayout({
      canvas: { sections: { keyPartners: { name: 'Allies', hidden: true } } },
      templates,
      missionModelAllowed: false,
    });
    expect(layout.templateId).toBe('t1');
    expect(layout.sections.find((s) => s.key === 'channels')?.name).toBe('Routes');
    expect(layout.sections[0]).toMatchObject({ name: 'Allies', hidden: true, lens: 'feasibility' });
    const mission = canvasLayout({
      canvas: { type: 'missionModel' },
      templates,
      missionModelAllowed: false,
    });
    expect(mission.type).toBe('businessModel');
    expect(validOrder(['channels'])).toHaveLength(10);
  });

  it('keeps only values of existing fields and current dropdown options', () => {
    const fields = [
      {
        id: 'd',
        title: 'D',
        type: 'dropdown' as const,
        disabled: false,
        global: false,
        defaultKey: null,
        specifications: { options: ['A'] },
      },
      {
        id: 'n',
        title: 'N',
        type: 'number' as const,
        disabled: false,
        global: false,
        defaultKey: null,
        specifications: { options: [] },
      },
    ];
    expect(cleanFieldValues(fields, { d: 'B', n: 'x', gone: 1 })).toEqual({});
    expect(cleanFieldValues(fields, { d: 'A', n: 3 })).toEqual({ d: 'A', n: 3 });
  });
});

describe('a card display text', () => {
  it('is the description on one line, else the title, cut at a word past 80% of 200', () => {
    expect(cardDisplayText('Title', '  Busy   parents\n\nskip cooking ')).toBe(
      'Busy parents skip cooking',
    );
    expect(cardDisplayText('Only a title', '   ')).toBe('Only a title');
    const long = `${'word '.repeat(60)}end`;
    const shown = cardDisplayText('t', long);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(DISPLAY_TEXT_MAX + 1);
    expect(shown.slice(0, -1).endsWith('word')).toBe(true);
  });
});

describe('a number field with bounds', () => {
  it('says what is wrong with a value outside them, and nothing about other values', () => {
    const score = { title: 'Score', type: 'number' as const, metrics: { min: 0, max: 10 } };
    expect(fieldValueProblem(score, 11)).toBe('Score must be between 0 and 10.');
    expect(fieldValueProblem(score, -1)).toBe('Score must be between 0 and 10.');
    expect(fieldValueProblem(score, 0)).toBeNull();
    expect(fieldValueProblem(score, 10)).toBeNull();
    expect(fieldValueProblem({ ...score, metrics: { min: 1, max: null } }, 0)).toBe(
      'Score must be at least 1.',
    );
    expect(fieldValueProblem({ ...score, metrics: { min: null, max: 5 } }, 6)).toBe(
      'Score must be at most 5.',
    );
    expect(fieldValueProblem({ ...score, metrics: undefined }, 99)).toBeNull();
    expect(fieldValueProblem({ ...score, type: 'text' as const }, 99)).toBeNull();
    expect(fieldValueProblem(score, null)).toBeNull();
  });
});
