import { describe, expect, it } from 'vitest';
import {
  canChangePlan,
  canEditProfile,
  canManageMembers,
  canViewAccessLogs,
  ownerCountAfter,
  roleChangeProblem,
  roleHas,
} from './policies.ts';

describe('organisation policies', () => {
  it('gives organization:write to owners and admins only', () => {
    expect(
      ['owner', 'admin', 'collaborator', 'limitedContributor', 'disabled'].map(canManageMembers),
    ).toEqual([true, true, false, false, false]);
    expect(roleHas('collaborator', 'card:write')).toBe(true);
    expect(roleHas('limitedContributor', 'card:write')).toBe(false);
    expect(roleHas('limitedContributor', 'partialCard:write')).toBe(true);
    expect(roleHas('disabled', 'card:read')).toBe(false);
    expect(roleHas('unknown-role', 'card:read')).toBe(false);
  });

  it('lets only the owner change plans', () => {
    expect(canChangePlan('owner')).toBe(true);
    expect(canChangePlan('admin')).toBe(false);
  });

  it('shows access logs to admins on business plans and above', () => {
    expect(canViewAccessLogs('admin', 'business')).toBe(true);
    expect(canViewAccessLogs('admin', 'team')).toBe(false);
    expect(canViewAccessLogs('collaborator', 'enterprise')).toBe(false);
  });

  it('lets members edit their own profile and admins anyone', () => {
    expect(canEditProfile({ role: 'collaborator', profileId: 'a' }, 'a')).toBe(true);
    expect(canEditProfile({ role: 'collaborator', profileId: 'a' }, 'b')).toBe(false);
    expect(canEditProfile({ role: 'admin', profileId: 'a' }, 'b')).toBe(true);
  });

  it('guards role changes: owners for owners, never the last owner', () => {
    expect(
      roleChangeProblem({
        actorRole: 'admin',
        targetRole: 'collaborator',
        newRole: 'admin',
        ownerCount: 1,
      }),
    ).toBeNull();
    expect(
      roleChangeProblem({
        actorRole: 'admin',
        targetRole: 'owner',
        newRole: 'admin',
        ownerCount: 2,
      }),
    ).toBe('forbidden');
    expect(
      roleChangeProblem({
        actorRole: 'admin',
        targetRole: 'collaborator',
        newRole: 'owner',
        ownerCount: 1,
      }),
    ).toBe('forbidden');
    expect(
      roleChangeProblem({
        actorRole: 'owner',
        targetRole: 'owner',
        newRole: 'disabled',
        ownerCount: 1,
      }),
    ).toBe('lastOwner');
    expect(
      roleChangeProblem({
        actorRole: 'owner',
        targetRole: 'owner',
        newRole: 'admin',
        ownerCount: 2,
      }),
    ).toBeNull();
    expect(
      roleChangeProblem({
        actorRole: 'collaborator',
        targetRole: 'collaborator',
        newRole: 'admin',
        ownerCount: 1,
      }),
    ).toBe('forbidden');
  });

  it('moves the owner count with role changes', () => {
    expect(ownerCountAfter(2, 'owner', 'admin')).toBe(1);
    expect(ownerCountAfter(1, 'admin', 'owner')).toBe(2);
    expect(ownerCountAfter(1, 'owner', 'disabled')).toBe(0);
    expect(ownerCountAfter(1, 'admin', 'collaborator')).toBe(1);
  });
});
