import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profile.ts';

describe('profile form', () => {
  it('applies the maxima of §5 with clear messages', () => {
    expect(
      profileUpdateSchema.safeParse({ firstName: 'x'.repeat(51) }).error?.issues[0]?.message,
    ).toBe('The first name must be less than 50 characters');
    expect(
      profileUpdateSchema.safeParse({ info: { aboutMe: 'x'.repeat(2001) } }).error?.issues[0]
        ?.message,
    ).toBe('The about me must be less than 2000 characters');
    expect(profileUpdateSchema.safeParse({ info: { linkedin: 'ftp://x' } }).success).toBe(false);
    expect(
      profileUpdateSchema.parse({ firstName: ' Ada ', bgColor: 3, info: { title: 'Founder' } }),
    ).toEqual({
      firstName: 'Ada',
      bgColor: 3,
      info: { title: 'Founder' },
    });
    expect(profileUpdateSchema.safeParse({ bgColor: 9 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ role: 'owner' }).success).toBe(false);
  });
});
