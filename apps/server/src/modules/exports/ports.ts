/** The face of exports: nothing other modules need yet (decision 009). */
export { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from './project-export.ts';
