import { describe, expect, it } from 'vitest';
import {
  canCreateProject,
  canManageProject,
  canOpenWorkspace,
  canSeeProject,
  deleteProjectMessage,
  projectOpeningPath,
} from './projects.ts';

describe('project policies', () => {
  it('lets owners, admins and collaborators create projects', () => {
    expect(
      ['owner', 'admin', 'collaborator', 'limitedContributor', 'disabled'].map(canCreateProject),
    ).toEqual([true, true, true, false, false]);
  });
  it('opens the workspace for organization:write, members, or the academic license', () => {
    expect(
      canOpenWorkspace({ organizationRole: 'admin', projectRole: null, license: 'team' }),
    ).toBe(true);
    expect(
      canOpenWorkspace({
        organizationRole: 'collaborator',
        projectRole: 'viewer',
        license: 'team',
      }),
    ).toBe(true);
    expect(
      canOpenWorkspace({
        organizationRole: 'collaborator',
        projectRole: null,
        license: 'academic',
      }),
    ).toBe(true);
    expect(
      canOpenWorkspace({ organizationRole: 'collaborator', projectRole: null, license: 'team' }),
    ).toBe(false);
    // A project open to its organisation makes everyone in it a member; disabled people never.
    const outsider = {
      organizationRole: 'collaborator',
      projectRole: null,
      license: 'team',
    } as const;
    expect(canOpenWorkspace({ ...outsider, openToOrganization: true })).toBe(true);
    expect(canOpenWorkspace({ ...outsider, openToOrganization: false })).toBe(false);
    expect(
      canOpenWorkspace({ ...outsider, organizationRole: 'disabled', openToOrganization: true }),
    ).toBe(false);
    // Another team's student on an academic-private team sees its dashboard; staff open it.
    const student = { ...outsider, license: 'academic' } as const;
    expect(canOpenWorkspace({ ...student, academicPrivateOutsider: true })).toBe(false);
    expect(canOpenWorkspace({ ...student, academicPrivateOutsider: false })).toBe(true);
    expect(
      canOpenWorkspace({ ...student, organizationRole: 'owner', academicPrivateOutsider: true }),
    ).toBe(true);
  });
  it('hides private projects from non-members', () => {
    expect(
      canSeeProject({ organizationRole: 'collaborator', projectRole: null, isPrivate: true }),
    ).toBe(false);
    expect(canSeeProject({ organizationRole: 'admin', projectRole: null, isPrivate: true })).toBe(
      true,
    );
    expect(
      canSeeProject({ organizationRole: 'collaborator', projectRole: 'observer', isPrivate: true }),
    ).toBe(true);
    expect(
      canSeeProject({ organizationRole: 'collaborator', projectRole: null, isPrivate: false }),
    ).toBe(true);
  });
  it('lets organisation admins and project owners and admins manage a project', () => {
    expect(canManageProject({ organizationRole: 'collaborator', projectRole: 'admin' })).toBe(true);
    expect(
      canManageProject({ organizationRole: 'collaborator', projectRole: 'collaborator' }),
    ).toBe(false);
    expect(canManageProject({ organizationRole: 'admin', projectRole: null })).toBe(true);
  });
  it('words the delete confirmation for teams and projects', () => {
    expect(deleteProjectMessage('academic')).toContain('delete this team?');
    expect(deleteProjectMessage('team')).toContain('delete this project?');
  });
  it('opens the dashboard only for academic-private projects seen from a cohort', () => {
    const base = {
      projectId: 'p1',
      academicPrivate: true,
      hasAccess: false,
      cohortScopeHasDefault: true,
      hasCohort: true,
    };
    expect(projectOpeningPath(base)).toBe('/project-dashboard/p1/overview');
    expect(projectOpeningPath({ ...base, hasAccess: true })).toBe('/workspace/p1/canvas/business');
    // Whoever may not open the workspace lands on the dashboard, whatever the project is.
    const plain = { ...base, academicPrivate: false, hasAccess: true };
    expect(projectOpeningPath({ ...plain, openWorkspace: false })).toBe(
      '/project-dashboard/p1/overview',
    );
    expect(projectOpeningPath({ ...plain, openWorkspace: true })).toBe(
      '/workspace/p1/canvas/business',
    );
  });
});
