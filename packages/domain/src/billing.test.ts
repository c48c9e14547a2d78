import { describe, expect, it } from 'vitest';
import {
  basicProjectIdFor,
  cardFieldErrors,
  formatDollars,
  isDowngrade,
  licenseForPlanCode,
  luhnValid,
  paymentFormField,
  planChangeText,
  planCodeFor,
  planForCode,
  planPrice,
  planPriceText,
  sandboxCardOutcome,
  SANDBOX_TEST_CARDS,
} from './billing.ts';
import { couponDiscount, dueToday } from './checkout.ts';
import { licenseAllows } from './plans.ts';

describe('checkout arithmetic (part 1 §9.2)', () => {
  it('takes dollars off as cents divided by 100, and percents of the price', () => {
    expect(couponDiscount(59, { discountType: 'dollars', discountInCents: 1000 })).toBe(10);
    expect(couponDiscount(590, { discountType: 'percent', discountPercent: 20 })).toBe(118);
    expect(couponDiscount(59, null)).toBe(0);
  });
  it('rounds due today to whole dollars and never below zero', () => {
    expect(dueToday(59, { discountType: 'percent', discountPercent: 15 })).toBe(50); // 50.15
    expect(dueToday(59, { discountType: 'percent', discountPercent: 25 })).toBe(44); // 44.25
    expect(dueToday(990, { discountType: 'dollars', discountInCents: 50 })).toBe(990); // 989.5 -> 990
    expect(dueToday(59, { discountType: 'dollars', discountInCents: 10_000 })).toBe(0);
    expect(dueToday(59, undefined)).toBe(59);
  });
});

describe('plans and plan codes (part 1 §9.1)', () => {
  it('maps the subscribing codes both ways, with prices', () => {
    expect(planForCode('aiMonthly')).toMatchObject({ plan: { id: 'garage' }, period: 'monthly' });
    expect(planForCode('aiBusinessYearly')).toMatchObject({
      plan: { id: 'business' },
      period: 'yearly',
    });
    expect(planForCode('enterprise')).toBeNull();
    expect(planCodeFor('garage', 'yearly')).toBe('aiYearly');
    expect(planCodeFor('enterprise', 'monthly')).toBeNull();
    expect(planPrice('garage', 'monthly')).toBe(59);
    expect(planPrice('business', 'yearly')).toBe(9900);
    expect(planPrice('enterprise', 'yearly')).toBeNull();
  });
  it('gives each code its license, legacy codes included', () => {
    expect(licenseForPlanCode('aiYearly')).toBe('garage');
    expect(licenseForPlanCode('aiBusinessMonthly')).toBe('businessAI');
    expect(licenseForPlanCode('teamNoTrial')).toBe('team');
    expect(licenseForPlanCode('business2021')).toBe('business');
    expect(licenseForPlanCode('aiBusiness')).toBe('businessAI');
    expect(licenseForPlanCode('monthly')).toBe('garage');
    expect(licenseForPlanCode('nonsense')).toBeNull();
  });
  it('writes dollars with two-digit cents', () => {
    expect(formatDollars(59)).toBe('$59');
    expect(formatDollars(9900)).toBe('$9,900');
    expect(formatDollars(47.2)).toBe('$47.20');
    expect(formatDollars(-11.8)).toBe('−$11.80');
  });
  it('keeps the basic-tier project id only while the tier is basic', () => {
    expect(basicProjectIdFor('basic', null, 'p1')).toBe('p1');
    expect(basicProjectIdFor('basic', 'p0', 'p1')).toBe('p0');
    expect(basicProjectIdFor('garage', 'p0', 'p1')).toBeNull();
    expect(basicProjectIdFor('basic', null, null)).toBeNull();
  });
  it('knows a downgrade', () => {
    expect(isDowngrade('aiBusinessMonthly', 'aiMonthly')).toBe(true);
    expect(isDowngrade('aiMonthly', 'aiBusinessYearly')).toBe(false);
    expect(isDowngrade('aiMonthly', 'aiYearly')).toBe(false);
    expect(isDowngrade(null, 'aiMonthly')).toBe(false);
  });
});

describe('the sandbox test cards', () => {
  it('pass the checksum and give their outcomes', () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(sandboxCardOutcome('4111 1111 1111 1111')).toBe('success');
    expect(sandboxCardOutcome(SANDBOX_TEST_CARDS.declined)).toBe('declined');
    expect(sandboxCardOutcome(SANDBOX_TEST_CARDS.cvvMismatch)).toBe('cvvMismatch');
    expect(sandboxCardOutcome(SANDBOX_TEST_CARDS.expired)).toBe('expired');
    expect(luhnValid('4111111111111112')).toBe(false);
  });
  it('lists the wrong fields, and puts number, month and year on the card element', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    const good = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      number: SANDBOX_TEST_CARDS.success,
      month: '12',
      year: '30',
      cvv: '123',
    };
    expect(cardFieldErrors(good, now)).toEqual([]);
    expect(cardFieldErrors({ ...good, number: '4111', month: '13', cvv: '1' }, now)).toEqual([
      'number',
      'month',
      'cvv',
    ]);
    expect(cardFieldErrors({ ...good, month: '10', year: '2026' }, now)).toEqual(['year']);
    expect(cardFieldErrors({ ...good, firstName: ' ' }, now)).toEqual(['firstName']);
    expect(paymentFormField('number')).toBe('card');
    expect(paymentFormField('year')).toBe('card');
    expect(paymentFormField('lastName')).toBe('lastName');
  });
});

describe('the change-plan control (#26)', () => {
  it('says the new price against today’s and the difference a month', () => {
    expect(planPriceText('aiMonthly')).toBe('$59 a month');
    expect(planPriceText('aiBusinessYearly')).toBe('$9,900 a year');
    expect(planChangeText('aiMonthly', 'aiBusinessMonthly')).toBe(
      '$990 a month instead of $59 a month: $931 more a month',
    );
    expect(planChangeText('aiBusinessMonthly', 'aiMonthly')).toBe(
      '$59 a month instead of $990 a month: $931 less a month',
    );
    expect(planChangeText('aiMonthly', 'aiYearly')).toBe(
      '$590 a year instead of $59 a month: $9.83 less a month on average',
    );
    expect(planChangeText('aiMonthly', 'nonsense')).toBeNull();
  });
});

describe('the Business AI plan as checkout sells it (#30)', () => {
  it('leaves the public portal and the automation and issue-tracker integrations to Enterprise', () => {
    for (const feature of [
      'publicPortal',
      'automationToolIntegration',
      'issueTrackerIntegration',
    ] as const) {
      expect(licenseAllows('businessAI', feature), feature).toBe(false);
      expect(licenseAllows('enterprise', feature), feature).toBe(true);
    }
    expect(licenseAllows('businessAI', 'collections')).toBe(true);
    expect(licenseAllows('businessAI', 'transcriptions')).toBe(true);
  });
});
