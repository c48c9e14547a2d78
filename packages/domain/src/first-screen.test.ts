import { describe, expect, it } from 'vitest';
import { firstScreenFor } from './first-screen.ts';

describe('the first screen of a page load', () => {
  it('names the first screen a member lands on', () => {
    const member = (membership: object) => ({ organization: {}, membership });
    expect(firstScreenFor('/', member({}))).toBe('projects');
    expect(firstScreenFor('/home/anything', member({}))).toBe('projects');
    expect(firstScreenFor('/', member({ onboarding: true }))).toBe('onboarding');
    expect(firstScreenFor('/', member({ projectOnboarding: { status: 'active' } }))).toBe('setup');
    expect(firstScreenFor('/workspace/p1/canvas/business', member({}))).toBe('workspace');
    expect(firstScreenFor('/project-dashboard/p1', member({}))).toBe('dashboard');
    expect(firstScreenFor('/project-dashboard/p1/overview', member({}))).toBe('dashboard');
    expect(firstScreenFor('/project-dashboard/p1/elsewhere', member({}))).toBeNull();
    expect(firstScreenFor('/settings/members', member({}))).toBeNull();
    expect(firstScreenFor('/', { organization: null, membership: null })).toBeNull();
    expect(firstScreenFor('/', { organization: {}, membership: null })).toBeNull();
    const closing = { organization: { deletionDueAt: '2026-12-10T00:00:00.000Z' }, membership: {} };
    expect(firstScreenFor('/', closing)).toBeNull();
  });
});
