/** The face of exports: what other modules may use (decision 009). */
export { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from './project-export.ts';
export { organizationExportKeys } from './organization-export.ts';
