/** Plans mean what checkout says (#48 item 4): one table, plan by plan. */
import { describe, expect, it } from 'vitest';
import { planWithFeature } from './feature-alerts.ts';
import { CHECKOUT_LINES, LICENSE_FEATURES, PLAN_IDS, PLANS } from './plans.ts';

describe('checkout lines and gating', () => {
  it('list on each plan exactly the lines of the table', () => {
    for (const id of PLAN_IDS)
      expect(PLANS[id].features).toEqual(CHECKOUT_LINES[id].map((l) => l.label));
  });

  it('give each plan what its lines and the cheaper plans’ lines sell, and nothing a dearer plan sells', () => {
    PLAN_IDS.forEach((id, rank) => {
      const allowed = LICENSE_FEATURES[PLANS[id].license];
      for (const [other, otherRank] of PLAN_IDS.map((o, r) => [o, r] as const)) {
        for (const line of CHECKOUT_LINES[other]) {
          for (const feature of line.features) {
            const expected = otherRank <= rank;
            expect(allowed.includes(feature), `${id} ${feature} (${other}: ${line.label})`).toBe(
              expected,
            );
          }
        }
      }
    });
  });

  it('keeps the Business extras from Garage AI (chat tool, video meeting, evidence locker)', () => {
    for (const feature of [
      'chatToolIntegration',
      'videoMeetingIntegration',
      'evidenceLocker',
    ] as const) {
      expect(LICENSE_FEATURES.garage).not.toContain(feature);
      expect(LICENSE_FEATURES.businessAI).toContain(feature);
      expect(planWithFeature(feature)).toEqual({ name: 'Business AI', purchasable: true });
    }
  });

  it('names, for every feature a checkout line sells, a plan that checkout offers', () => {
    for (const id of PLAN_IDS)
      for (const line of CHECKOUT_LINES[id])
        for (const feature of line.features)
          expect(planWithFeature(feature)?.purchasable, feature).toBe(true);
    expect(planWithFeature('publicPortal')?.name).toBe('Enterprise');
  });
});
