import { describe, expect, it } from 'vitest';
import { organizationUpdateSchema } from './organization-schema.ts';
import { organizationBillingStatus } from './organization.ts';

describe('organisation billing status', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is invalid with neither a subscription nor a manual arrangement', () => {
    expect(organizationBillingStatus({}, now).invalidSubscription).toBe(true);
    expect(organizationBillingStatus({ manual: true }, now).invalidSubscription).toBe(false);
    expect(organizationBillingStatus({ subscriptionUUID: 'sub_1' }, now).invalidSubscription).toBe(
      false,
    );
  });
  it('expires after the date, with a 7-day grace for an invalid card', () => {
    expect(
      organizationBillingStatus({ expirationDate: '2026-11-21T00:00:00Z' }, now).isExpired,
    ).toBe(true);
    expect(
      organizationBillingStatus({ expirationDate: '2026-11-21T00:00:00Z', invalidCard: true }, now)
        .isExpired,
    ).toBe(false);
    expect(
      organizationBillingStatus({ expirationDate: '2026-11-10T00:00:00Z', invalidCard: true }, now)
        .isExpired,
    ).toBe(true);
    expect(
      organizationBillingStatus({ expirationDate: '2026-12-21T00:00:00Z' }, now).isExpired,
    ).toBe(false);
  });
  it('turns the card invalid after its expiry, and the plan expired 7 days later', () => {
    const card = { subscriptionUUID: 'sub_1', cardExpiresAt: '2026-11-18T23:59:59Z' };
    expect(organizationBillingStatus(card, now)).toEqual({
      isExpired: false,
      invalidSubscription: false,
      invalidCard: true,
      pastDue: null,
    });
    // The processor's word that the subscription expired makes it expired whatever the dates.
    expect(
      organizationBillingStatus({ subscriptionUUID: 's', subscriptionState: 'expired' }, now)
        .isExpired,
    ).toBe(true);
    expect(
      organizationBillingStatus({ manual: true, subscriptionState: 'expired' }, now).isExpired,
    ).toBe(false);
    expect(
      organizationBillingStatus({ ...card, cardExpiresAt: '2026-11-14T23:59:59Z' }, now).isExpired,
    ).toBe(true);
    expect(
      organizationBillingStatus({ ...card, cardExpiresAt: '2026-12-31T23:59:59Z' }, now)
        .invalidCard,
    ).toBe(false);
  });
});

describe('organisation update', () => {
  it('accepts a partial patch and refuses unknown fields and bad links', () => {
    expect(organizationUpdateSchema.parse({ name: ' Acme ' })).toEqual({ name: 'Acme' });
    expect(organizationUpdateSchema.safeParse({ license: 'enterprise' }).success).toBe(false);
    const bad = organizationUpdateSchema.safeParse({
      resources: {
        disabled: false,
        items: [{ id: 'a', title: 'Guide', link: 'javascript:alert(1)' }],
      },
    });
    expect(bad.error?.issues[0]?.message).toBe('Only http and https links work here.');
  });
});

describe('canvas templates', () => {
  it('accept some section names and refuse unknown sections', () => {
    const ok = organizationUpdateSchema.safeParse({
      canvasTemplates: {
        defaultTemplateId: 't1',
        templates: [
          { id: 't1', name: 'Lab', protected: true, sections: { keyPartners: { name: 'Allies' } } },
        ],
      },
    });
    expect(ok.success).toBe(true);
    const bad = organizationUpdateSchema.safeParse({
      canvasTemplates: {
        defaultTemplateId: null,
        templates: [{ id: 't1', name: 'Lab', sections: { nowhere: { name: 'x' } } }],
      },
    });
    expect(bad.success).toBe(false);
  });
});
