/**
 * Where a lower module hears from the higher ones that build on it (decision 009): each
 * registry belongs to the lower module, and the higher module fills it here, at the composition
 * root, so no module imports one that imports it back.
 */
import { registerCardMediaSubject } from './modules/cards/media-subject.ts';
import { registerCohortMediaSubjects } from './modules/cohorts/media-subjects.ts';
import { registerCohortInvitationJoins } from './modules/cohorts/invitations.ts';
import { registerDashboardMediaSubject } from './modules/dashboards/media.ts';
import { registerUploadSummaries } from './modules/generation/file-summary.ts';
import { registerPortalMediaSubject } from './modules/portal/media-subject.ts';
import { registerProjectInvitationJoins } from './modules/projects/members.ts';

export function registerModuleJoins(): void {
  // organizations: accepting an invitation joins the projects and cohorts it names.
  registerProjectInvitationJoins();
  registerCohortInvitationJoins();
  // media: who may add, remove or read the files of each kind of subject.
  registerCardMediaSubject();
  registerDashboardMediaSubject();
  registerPortalMediaSubject();
  registerCohortMediaSubjects();
  // media: work that starts on a file once it is added.
  registerUploadSummaries();
}
