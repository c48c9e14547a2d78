/** The face of cards: what other modules may use (decision 009). */
export {
  cardAccess,
  editableCardAccess,
  loadPeople,
  mayEditCard,
  projectAccess,
  workspaceAccess,
} from './access.ts';
export type { CardAccess, ProjectAccess } from './access.ts';
export {
  getAssumptionsMap,
  getTestNext,
  learningSummary,
  testNextForProject,
} from './assumptions.ts';
export { getCardHistory, getProjectTimeline } from './history-api.ts';
export { globalSearch } from './global-search.ts';
export { listEvidence } from './lists.ts';
export { touchProjectCards } from './board-cache.ts';
export { getCanvas } from './canvas.ts';
export { recordCardEvent } from './card-events.ts';
export { connectCards } from './connections.ts';
export { createCard } from './create.ts';
export { publishCard } from './drafts.ts';
export { projectExperiments, requireExperiments } from './experiments.ts';
export { getCard } from './full-card.ts';
export { copyProjectCards } from './project-copy.ts';
export { insertProjectGraph } from './project-import.ts';
export { updatePost, updateText } from './update.ts';
