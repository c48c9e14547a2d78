/** Terminology per license: academic says Team and Hypothesis, others Project and Idea. */
import type { License } from './plans.ts';

export interface Terms {
  project: string;
  projects: string;
  hypothesis: string;
  hypotheses: string;
}

export function termsFor(license: License | undefined): Terms {
  if (license === undefined || license === 'academic') {
    return {
      project: 'Team',
      projects: 'Teams',
      hypothesis: 'Hypothesis',
      hypotheses: 'Hypotheses',
    };
  }
  return { project: 'Project', projects: 'Projects', hypothesis: 'Idea', hypotheses: 'Ideas' };
}
