/** The face of projects: what other modules may use (decision 009). */
export { listBoardSections, seedBoardSections } from './default-sections.ts';
export {
  countOrganizationProjects,
  findManagedProject,
  findVisibleProject,
  firstProjectId,
  listProjects,
  memberProjectScope,
  presentProject,
  projectWriteUps,
  withWriteUps,
} from './service.ts';
export { assertProjectAllowed, createProject, type ProjectFilling } from './create.ts';
export { assertPaid } from './paid.ts';
export { organizationProjectRows } from './organization-projects.ts';
export { evidenceLockerProject } from './evidence-locker.ts';
