import { describe, expect, it } from 'vitest';
import {
  featureAlert,
  featureLabel,
  isFeature,
  plansPath,
  planTargetAbove,
  planTargetForFeature,
  planWithFeature,
} from './feature-alerts.ts';
import { LICENSE_FEATURES } from './plans.ts';

describe('the feature alert', () => {
  it('names the cheapest plan a customer can buy that brings the feature', () => {
    expect(planWithFeature('experiments')).toEqual({ name: 'Garage AI', purchasable: true });
    expect(planWithFeature('collections')).toEqual({ name: 'Business AI', purchasable: true });
    expect(planWithFeature('singleSignOn')).toEqual({ name: 'Enterprise', purchasable: true });
    // Only the academic license has cohorts: named, but not for sale.
    expect(planWithFeature('homepageCohorts')).toEqual({ name: 'Launchpad', purchasable: false });
  });

  it('words the alert for the owner and for everyone else', () => {
    const alert = featureAlert('portfolioDashboard');
    expect(alert.title).toBe('Portfolio dashboard: Business AI plan');
    expect(alert.message).toContain('Owners change the plan in Settings → Billing');
    expect(alert.request).toBe('Portfolio dashboard (Business AI plan)');
    expect(featureAlert('engagements').message).toContain('Write to us');
  });

  it('knows every feature of every plan by a readable name, and nothing else', () => {
    for (const feature of new Set(Object.values(LICENSE_FEATURES).flat())) {
      expect(isFeature(feature)).toBe(true);
      expect(featureLabel(feature)).toMatch(/^[A-Z]/);
      expect(featureLabel(feature)).not.toMatch(/[a-z][A-Z]/);
    }
    expect(isFeature('dropTables')).toBe(false);
    expect(isFeature(undefined)).toBe(false);
  });
});

describe('the plan that lifts it (#30)', () => {
  it('sends owners to the first plan on sale with the feature, or to Enterprise', () => {
    expect(planTargetForFeature('collections')).toBe('aiBusinessMonthly');
    expect(planTargetForFeature('singleSignOn')).toBe('enterprise');
    expect(plansPath('aiBusinessMonthly')).toBe('/settings/billing?plan=aiBusinessMonthly');
    expect(plansPath(null)).toBe('/settings/billing');
  });
  it('goes one plan up for a limit, and nowhere past Enterprise', () => {
    expect(planTargetAbove('garage')).toBe('aiBusinessMonthly');
    expect(planTargetAbove('businessAI')).toBe('enterprise');
    expect(planTargetAbove('enterprise')).toBeNull();
  });
});
