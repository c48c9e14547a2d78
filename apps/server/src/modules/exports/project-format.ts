/** The shape's name and version, checked by the import (docs/export/project-v1.schema.json). */
export const EXPORT_FORMAT = 'assay.project';
export const EXPORT_SCHEMA_VERSION = 1;
