import { describe, expect, it } from 'vitest';
import { designFileKey } from './checks.ts';
import {
  figmaNameFromLink,
  INTEGRATION_FEATURES,
  INTEGRATIONS,
  isUnderBase,
} from './integrations.ts';
import { slackSettingsSchema } from './integration-schema.ts';

describe('integration addresses', () => {
  const slack = 'https://hooks.slack.com/services/';

  it('accepts only addresses under the service’s base', () => {
    expect(isUnderBase('https://hooks.slack.com/services/T1/B2/xyz', slack)).toBe(true);
    expect(isUnderBase('https://hooks.slack.com/services/', slack)).toBe(false);
    expect(isUnderBase('http://hooks.slack.com/services/T1/B2/xyz', slack)).toBe(false);
    expect(isUnderBase('https://hooks.slack.com.evil.io/services/T1', slack)).toBe(false);
    expect(isUnderBase('https://evil.io/services/T1', slack)).toBe(false);
    expect(isUnderBase('https://user:pw@hooks.slack.com/services/T1', slack)).toBe(false);
    expect(isUnderBase('not a url', slack)).toBe(false);
  });

  it('checks Slack channels and defaults the events to published cards', () => {
    const parsed = slackSettingsSchema.parse({ webhookUrl: slack, channel: '#discovery' });
    expect(parsed.events).toEqual(['cards.publish']);
    expect(
      slackSettingsSchema.safeParse({ webhookUrl: slack, channel: 'Big Channel' }).success,
    ).toBe(false);
    expect(
      slackSettingsSchema.safeParse({ webhookUrl: slack, channel: 'x', events: ['cards.delete'] })
        .success,
    ).toBe(false);
  });

  it('opens each integration with its plan feature', () => {
    expect(Object.keys(INTEGRATION_FEATURES).sort()).toEqual([...INTEGRATIONS].sort());
    expect(INTEGRATION_FEATURES.figma).toBe('designToolIntegration');
    expect(INTEGRATION_FEATURES.slack).toBe('chatToolIntegration');
  });
});

describe('Figma links', () => {
  const id = 'Ab12Cd34Ef56Gh78Ij90Kl';

  it('finds the file key of file, prototype, design and board links only (#26)', () => {
    expect(designFileKey(`https://www.figma.com/file/${id}/Checkout`)).toBe(id);
    expect(designFileKey(`https://figma.com/proto/${id}`)).toBe(id);
    expect(designFileKey(`https://www.figma.com/file/${id.slice(1)}`)).toBeNull();
    expect(designFileKey(`https://www.figma.com/file/${'a'.repeat(129)}`)).toBeNull();
    // Figma's current links.
    expect(designFileKey(`https://www.figma.com/design/${id}/Checkout?node-id=1-2`)).toBe(id);
    expect(designFileKey(`https://www.figma.com/board/${id}/Flows`)).toBe(id);
    expect(designFileKey(`https://www.figma.com/slides/${id}`)).toBeNull();
    expect(designFileKey(`http://www.figma.com/file/${id}`)).toBeNull();
    expect(designFileKey(`https://figma.com.evil.io/file/${id}`)).toBeNull();
  });

  it('names a file from its link until Figma names it', () => {
    expect(figmaNameFromLink(`https://www.figma.com/file/${id}/Checkout-Redesign`)).toBe(
      'Checkout Redesign',
    );
    expect(figmaNameFromLink(`https://www.figma.com/file/${id}`)).toBe('Figma file');
    expect(figmaNameFromLink('nonsense')).toBe('Figma file');
  });
});
