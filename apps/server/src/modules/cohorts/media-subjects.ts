/**
 * A cohort's files: a team's presentation files (its members and those who run the cohort) and
 * the cohort's resources (those who run it); decision 009.
 */
import { AppError } from '@assay/domain';
import { registerMediaSubject } from '../media/subjects-port.ts';
import { mayEditTeamPresentation, teamPresentationAccess } from './presentations.ts';
import { cohortAccess } from './access.ts';

export function registerCohortMediaSubjects(): void {
  registerMediaSubject('presentations', {
    mayEdit: (services, member, id) => mayEditTeamPresentation(services, member, id),
    mayRead: (services, member, id) => teamPresentationAccess(services, member, id),
  });
  registerMediaSubject('cohortResources', {
    async mayEdit(services, member, cohortId) {
      const access = await cohortAccess(services, member, cohortId);
      if (!access.abilities.manage) throw new AppError('forbidden');
      return { projectId: null };
    },
    mayRead: (services, member, cohortId) => cohortAccess(services, member, cohortId),
  });
}
