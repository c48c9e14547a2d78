/**
 * A first project drafted from a name and a description, as the evaluation set reads it: the
 * project data the generation job writes (hypotheses, dashboard, experiments), with the interview
 * questions and the value proposition canvas the agent writes for the draft's own hypotheses
 * (questions for the customer segment, the canvas for the value proposition).
 */
import type {
  GeneratedExperiment,
  GeneratedHypothesis,
  GeneratedDashboard,
  ValuePropositionCanvas,
} from '@assay/domain';
import type { AiProvider, ProjectBrief } from '../../platform/ai/provider.ts';

export interface ProjectDraft {
  hypotheses: GeneratedHypothesis[];
  dashboard: GeneratedDashboard;
  experiments: GeneratedExperiment[];
  interviewQuestions: string[];
  valueProposition: ValuePropositionCanvas;
}

export async function draftProject(ai: AiProvider, brief: ProjectBrief): Promise<ProjectDraft> {
  const data = (await ai.projectData(brief)).value;
  const first = (section: GeneratedHypothesis['section']) =>
    data.hypotheses.find((h) => h.section === section) ?? data.hypotheses[0];
  const briefOf = (h: GeneratedHypothesis | undefined) => ({
    title: h?.title ?? brief.name,
    section: h?.section ?? 'valuePropositions',
    description: h?.description ?? brief.description,
    project: brief,
  });
  const [questions, canvas] = await Promise.all([
    ai.interviewQuestions(briefOf(first('customerSegments'))),
    ai.valuePropositionCanvas(briefOf(first('valuePropositions'))),
  ]);
  return {
    hypotheses: data.hypotheses,
    dashboard: data.dashboard,
    experiments: data.experiments,
    interviewQuestions: questions.value.questions,
    valueProposition: canvas.value,
  };
}
