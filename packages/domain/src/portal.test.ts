import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROADMAP_SECTIONS,
  isValidPublicLink,
  moveCardCount,
  PORTAL_MESSAGES,
  portalPaths,
  suggestPublicLink,
} from './portal.ts';
import {
  createPublicBoardSchema,
  publicCardContentSchema,
  updatePublicSectionSchema,
} from './portal-schema.ts';

describe('public links', () => {
  it('accepts lowercase words joined by single hyphens, 3 to 60 characters', () => {
    expect(isValidPublicLink('acme-roadmap')).toBe(true);
    expect(isValidPublicLink('a1b')).toBe(true);
    expect(isValidPublicLink('ab')).toBe(false);
    expect(isValidPublicLink('x'.repeat(61))).toBe(false);
    expect(isValidPublicLink('Acme')).toBe(false);
    expect(isValidPublicLink('-acme')).toBe(false);
    expect(isValidPublicLink('acme-')).toBe(false);
    expect(isValidPublicLink('ac--me')).toBe(false);
    expect(isValidPublicLink('ac me')).toBe(false);
    expect(isValidPublicLink('../x')).toBe(false);
  });

  it('suggests a valid link from a name', () => {
    expect(suggestPublicLink('Acme Rockets!')).toBe('acme-rockets');
    expect(suggestPublicLink('Crème brûlée')).toBe('creme-brulee');
    expect(isValidPublicLink(suggestPublicLink('Q'))).toBe(true);
    expect(isValidPublicLink(suggestPublicLink('!!!'))).toBe(true);
    expect(isValidPublicLink(suggestPublicLink('word '.repeat(30)))).toBe(true);
  });

  it('lowercases a typed link and refuses a bad one with the format message', () => {
    const projectId = '7b0c9d6e-2f0a-4c1b-9a55-0e7a3f1c2d4e';
    const ok = createPublicBoardSchema.parse({ projectId, name: ' Roadmap ', link: 'Acme-1' });
    expect(ok).toEqual({ projectId, name: 'Roadmap', link: 'acme-1', shareSetting: 'public' });
    const bad = createPublicBoardSchema.safeParse({ projectId, name: 'R', link: 'a b' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(PORTAL_MESSAGES.linkFormat);
  });
});

describe('roadmap sections', () => {
  it('start with one default, protected section', () => {
    const defaults = DEFAULT_ROADMAP_SECTIONS.filter((s) => s.isDefault);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]?.isProtected).toBe(true);
    expect(new Set(DEFAULT_ROADMAP_SECTIONS.map((s) => s.key)).size).toBe(4);
  });

  it('can only be made the default, never un-made', () => {
    const boardId = '7b0c9d6e-2f0a-4c1b-9a55-0e7a3f1c2d4e';
    expect(
      updatePublicSectionSchema.safeParse({ boardId, key: 'a', isDefault: false }).success,
    ).toBe(false);
    expect(
      updatePublicSectionSchema.safeParse({ boardId, key: 'a', isDefault: true }).success,
    ).toBe(true);
  });
});

describe('moveCardCount', () => {
  it('adds one to the destination and takes one from the source', () => {
    expect(moveCardCount({ a: 2, b: 0 }, 'a', 'b')).toEqual({ a: 1, b: 1 });
  });
  it('never goes below zero and starts unknown sections at zero', () => {
    expect(moveCardCount({}, 'a', 'b')).toEqual({ a: 0, b: 1 });
  });
  it('changes nothing within a section, and counts arrivals and departures alone', () => {
    expect(moveCardCount({ a: 3 }, 'a', 'a')).toEqual({ a: 3 });
    expect(moveCardCount({ a: 3 }, null, 'a')).toEqual({ a: 4 });
    expect(moveCardCount({ a: 3 }, 'a', null)).toEqual({ a: 2 });
  });
  it('does not change the totals it was given', () => {
    const totals = { a: 1 };
    moveCardCount(totals, 'a', 'b');
    expect(totals).toEqual({ a: 1 });
  });
});

describe('public card content', () => {
  it('needs a title and an https design link', () => {
    expect(publicCardContentSchema.safeParse({ title: ' ' }).error?.issues[0]?.message).toBe(
      'The title can not be left blank.',
    );
    const figma = publicCardContentSchema.safeParse({
      title: 'T',
      figma: { url: 'javascript:alert(1)', name: 'x' },
    });
    expect(figma.error?.issues[0]?.message).toBe(PORTAL_MESSAGES.figmaUrl);
    expect(
      publicCardContentSchema.parse({
        title: 'T',
        figma: { url: `https://figma.com/file/${'A1'.repeat(11)}/Checkout-Flow` },
      }),
    ).toEqual({
      title: 'T',
      description: '',
      summary: '',
      images: [],
      figma: {
        url: `https://figma.com/file/${'A1'.repeat(11)}/Checkout-Flow`,
        name: 'Checkout Flow',
      },
    });
  });
});

it('builds the visitor paths of part 2 §2', () => {
  expect(portalPaths.board('acme')).toBe('/portal/acme');
  expect(portalPaths.category('acme', 'c1')).toBe('/portal/acme/category/c1');
  expect(portalPaths.card('acme', 'c1', 'k1')).toBe('/portal/acme/category/c1/card/k1');
});
