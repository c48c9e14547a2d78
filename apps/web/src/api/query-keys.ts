/** Query keys shared across features, so one feature can refresh what another shows. */
export const queryKeys = {
  card: (cardId: string) => ['card', cardId] as const,
  canvasAll: ['canvas'] as const,
  canvas: (projectId: string, filters: unknown) => ['canvas', projectId, filters] as const,
  boardAll: ['board'] as const,
  board: (projectId: string, sectionType: string, filters: unknown) =>
    ['board', projectId, sectionType, filters] as const,
  cardLists: (projectId: string) => ['card-lists', projectId] as const,
  templates: ['card-lists', 'templates'] as const,
  project: (projectId: string) => ['projects', projectId] as const,
  experimentWorkspace: (projectId: string) => ['experiments', projectId, 'workspace'] as const,
  experiments: (projectId: string, filters: unknown) =>
    ['experiments', projectId, 'list', filters] as const,
  dashboard: (projectId: string) => ['dashboard', projectId] as const,
  /** Under the dashboard's key: whatever refreshes the dashboard refreshes the map. */
  assumptionsMap: (projectId: string) => ['dashboard', projectId, 'assumptions-map'] as const,
  testNext: (projectId: string, limit: number) =>
    ['dashboard', projectId, 'test-next', limit] as const,
};

/** Everything that shows cards of a project, to refresh after a card changes. */
export const cardViewKeys = [
  ['canvas'],
  ['board'],
  ['card-lists'],
  ['experiments'],
  ['dashboard'],
] as const;
