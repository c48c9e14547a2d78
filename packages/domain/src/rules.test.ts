import { describe, expect, it } from 'vitest';
import { dueToday } from './checkout.ts';
import { AppError, ERRORS, formatGatewayError, parseGatewayError } from './errors.ts';
import { sortFavorites } from './favorites.ts';
import { leaderboardTarget } from './leaderboard.ts';
import { pickLanguage } from './limits.ts';
import { hasPermission } from './permissions.ts';
import { effectiveLimits, isLimitReached, licenseAllows, licenseLimits, PLANS } from './plans.ts';
import { normalizeRating } from './canvas.ts';

describe('favorites order', () => {
  it('sorts by name case-insensitively, then projects, collections, cohorts; drops cards', () => {
    const sorted = sortFavorites([
      { subjectType: 'cohorts', name: 'alpha' },
      { subjectType: 'cards', name: 'aaa' },
      { subjectType: 'projects', name: 'Beta' },
      { subjectType: 'collections', name: 'Alpha' },
      { subjectType: 'projects', name: 'ALPHA' },
    ]);
    expect(sorted.map((f) => `${f.subjectType}:${f.name}`)).toEqual([
      'projects:ALPHA',
      'collections:Alpha',
      'cohorts:alpha',
      'projects:Beta',
    ]);
  });
});

describe('error catalogue', () => {
  it('formats and parses the gateway string, path joined by dots', () => {
    const text = formatGatewayError({
      statusCode: 403,
      message: 'Nope; really',
      ref: 7,
      path: ['project', 'cards', 0],
    });
    expect(text).toBe('statusCode:403;message:Nope; really;ref:7;path:project.cards.0');
    expect(parseGatewayError(text)).toEqual({
      statusCode: 403,
      message: 'Nope; really',
      ref: 7,
      path: 'project.cards.0',
    });
    expect(parseGatewayError('plain message')).toBeUndefined();
  });
  it('carries the spec refs and messages', () => {
    expect(ERRORS.joinFailed.ref).toBe(7);
    expect(ERRORS.tooManyLoginAttempts).toMatchObject({
      ref: 48,
      message: 'Too many log in attempts.',
    });
    expect(ERRORS.publicLinkInUse.ref).toBe(53);
    expect(ERRORS.invalidEmail.ref).toBe(115);
    const error = new AppError('forbidden');
    expect(error.toBody()).toEqual({
      statusCode: 403,
      message: ERRORS.forbidden.message,
      ref: 2003,
    });
  });
  it('gives every entry a status and message', () => {
    for (const [code, def] of Object.entries(ERRORS)) {
      expect(def.status, code).toBeGreaterThanOrEqual(400);
      expect(def.message.length, code).toBeGreaterThan(0);
    }
  });
});

describe('plans and features', () => {
  it('prices plans per the table', () => {
    expect(PLANS.garage).toMatchObject({ monthlyUsd: 59, yearlyUsd: 590, projects: 3, users: 3 });
    expect(PLANS.business).toMatchObject({ monthlyUsd: 990, yearlyUsd: 9900 });
    expect(PLANS.enterprise.monthlyUsd).toBeNull();
  });
  it('gates features by license and glidrai by the generation flag', () => {
    expect(licenseAllows('basic', 'publicPortal')).toBe(false);
    expect(licenseAllows('team', 'publicPortal')).toBe(true);
    expect(licenseAllows('business', 'transcriptions')).toBe(true);
    expect(licenseAllows('business', 'collections')).toBe(false);
    expect(licenseAllows('enterprise', 'collections')).toBe(true);
    expect(licenseAllows('garage', 'glidrai')).toBe(false);
    expect(licenseAllows('garage', 'glidrai', { generation: true })).toBe(true);
  });
  it('computes due today rounded to whole dollars', () => {
    expect(dueToday(59, null)).toBe(59);
    expect(dueToday(59, { discountType: 'percent', discountPercent: 15 })).toBe(50);
    expect(dueToday(59, { discountType: 'dollars', discountInCents: 1050 })).toBe(49);
  });
});

describe('permissions', () => {
  it('passes when the level is at least the one required; loading allows all', () => {
    expect(hasPermission({ card: 'write' }, 'card:read')).toBe(true);
    expect(hasPermission({ card: 'write' }, 'card:admin')).toBe(false);
    expect(hasPermission({}, 'comment:write')).toBe(false);
    expect(hasPermission(undefined, 'organization:write')).toBe(true);
  });
});

describe('misc rules', () => {
  it('keeps ratings of -2 or higher, lower become null', () => {
    expect(normalizeRating(-2)).toBe(-2);
    expect(normalizeRating(-3)).toBeNull();
    expect(normalizeRating(null)).toBeNull();
  });
  it('multiplies leaderboard targets by week and team count (minimum 1)', () => {
    expect(leaderboardTarget({ metric: 'validated', week: 3, teamCount: 4 })).toBe(12);
    expect(
      leaderboardTarget({ metric: 'interviews', week: 2, teamCount: 0, weeklyInterviewGoal: 7 }),
    ).toBe(14);
    expect(
      leaderboardTarget({ metric: 'invalidated', week: 1, teamCount: 5, customTeamCount: 2 }),
    ).toBe(6);
  });
  it('picks the browser language when supported', () => {
    expect(pickLanguage('fr-FR')).toBe('fr-FR');
    expect(pickLanguage('de-DE')).toBe('en-US');
  });
});

describe('limits', () => {
  it('follows the plan table and lets the organisation override it', () => {
    expect(licenseLimits('garage')).toEqual({ project: 3, profile: 3, cohort: 0 });
    expect(licenseLimits('businessAI')).toMatchObject({ project: 10, profile: 10 });
    expect(licenseLimits('enterprise')).toMatchObject({ project: null, profile: null });
    expect(effectiveLimits('garage', { profile: 5 })).toEqual({
      project: 3,
      profile: 5,
      cohort: 0,
    });
  });
  it('is reached when the count reaches the limit', () => {
    expect(isLimitReached(2, 3)).toBe(false);
    expect(isLimitReached(3, 3)).toBe(true);
    expect(isLimitReached(1000, null)).toBe(false);
  });
});

describe('features by organisation', () => {
  it('needs the plan, the generation flag for the agent, and the slug for limited features', async () => {
    const { organizationHasFeature } = await import('./plans.ts');
    const lab = { license: 'academic' as const, slug: 'lab', generation: false };
    expect(organizationHasFeature(lab, 'homepageCohorts')).toBe(true);
    expect(organizationHasFeature(lab, 'cohortGuests')).toBe(false);
    expect(organizationHasFeature(lab, 'cohortGuests', { cohortGuests: ['lab'] })).toBe(true);
    expect(organizationHasFeature(lab, 'copyCardToProject', { copyCardToProject: ['lab'] })).toBe(
      true,
    );
    expect(
      organizationHasFeature({ ...lab, license: 'enterprise' }, 'copyCardToProject', {
        copyCardToProject: ['lab'],
      }),
    ).toBe(false);
    expect(
      organizationHasFeature({ license: 'garage', slug: 'g', generation: true }, 'glidrai'),
    ).toBe(true);
    expect(
      organizationHasFeature({ license: 'garage', slug: 'g', generation: false }, 'glidrai'),
    ).toBe(false);
  });
});
