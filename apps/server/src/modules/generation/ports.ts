/** The face of generation: what other modules may use (decision 009). */
export { createProjectWithAgent } from './project.ts';
export { evidenceText } from './evidence-run.ts';
export { draftExperimentFor } from './drafted-experiment.ts';
