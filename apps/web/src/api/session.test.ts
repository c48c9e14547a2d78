import { describe, expect, it } from 'vitest';
import { rememberedFirst, rememberedOrganizationId } from './session.ts';

describe('the remembered organisation', () => {
  it('comes first among the organisations; the others keep their order', () => {
    const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(rememberedFirst(list, 'c').map((o) => o.id)).toEqual(['c', 'a', 'b']);
    expect(rememberedFirst(list, 'a').map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(rememberedFirst(list, 'gone').map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(rememberedFirst(list, null)).toBe(list);
  });

  it('is read from local storage, and storage that refuses is no organisation', () => {
    expect(rememberedOrganizationId({ getItem: () => 'org-1' })).toBe('org-1');
    expect(
      rememberedOrganizationId({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBeNull();
  });
});
