import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  generatedDashboardSchema,
  generatedExperimentSchema,
  generatedHypothesisSchema,
  interviewQuestionsSchema,
  keyInsightsSchema,
  valuePropositionCanvasSchema,
} from '@assay/domain';
import { REPO_ROOT } from '../../config.ts';

const run = promisify(execFile);

/** Runs `npm run -s ai:<task>` as the evaluation set does, with the text on stdin. */
async function cli(task: 'draft' | 'insights', args: string[], input: string) {
  const child = run(process.execPath, [path.join('apps/server/scripts/ai.ts'), task, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, AI_BASE_URL: '', LOG_LEVEL: 'silent' },
  });
  child.child.stdin?.end(input);
  const { stdout } = await child;
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('the AI agent from the command line (the evaluation contract)', () => {
  it('drafts a project in the documented shapes and draws insights from notes', async () => {
    const draft = await cli(
      'draft',
      ['--language', 'en-US', '--name', 'ChairFill'],
      'Dental clinics lose about 90 minutes a day to no-shows. ChairFill texts patients on a waitlist when a chair is cancelled. Clinics pay $149 a month.',
    );
    expect(Object.keys(draft).sort()).toEqual(
      ['dashboard', 'experiments', 'hypotheses', 'interviewQuestions', 'valueProposition'].sort(),
    );
    const hypotheses = draft.hypotheses as unknown[];
    expect(hypotheses.length).toBeGreaterThan(0);
    for (const h of hypotheses) expect(generatedHypothesisSchema.safeParse(h).success).toBe(true);
    expect(generatedDashboardSchema.safeParse(draft.dashboard).success).toBe(true);
    for (const e of draft.experiments as unknown[])
      expect(generatedExperimentSchema.safeParse(e).success).toBe(true);
    expect(
      interviewQuestionsSchema.safeParse({ questions: draft.interviewQuestions }).success,
    ).toBe(true);
    expect(valuePropositionCanvasSchema.safeParse(draft.valueProposition).success).toBe(true);

    const insights = await cli(
      'insights',
      ['--language', 'fr-FR'],
      'Elle passe 90 minutes par jour au téléphone pour confirmer les rendez-vous. Elle déteste ça.',
    );
    expect(keyInsightsSchema.safeParse(insights).success).toBe(true);
  }, 30_000);
});
