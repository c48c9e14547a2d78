import { describe, expect, it } from 'vitest';
import { LICENSES } from './plans.ts';
import { termsFor } from './terminology.ts';

describe('terminology (#30 item 7)', () => {
  it('says Team and Hypothesis to academic programmes, Project and Idea to everyone else', () => {
    expect(termsFor('academic')).toEqual({
      project: 'Team',
      projects: 'Teams',
      hypothesis: 'Hypothesis',
      hypotheses: 'Hypotheses',
    });
    for (const license of LICENSES.filter((l) => l !== 'academic'))
      expect(termsFor(license), license).toEqual({
        project: 'Project',
        projects: 'Projects',
        hypothesis: 'Idea',
        hypotheses: 'Ideas',
      });
    // Before the organisation is known (signed out), the academic words.
    expect(termsFor(undefined).project).toBe('Team');
  });
});
