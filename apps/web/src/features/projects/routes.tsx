import type { RouteObject } from 'react-router';

export { ProjectsHome } from './components/projects-home.tsx';

export const projectRoutes: RouteObject[] = [
  {
    path: '/workspace/:projectId/settings',
    lazy: async () => ({
      Component: (await import('./components/project-settings-page.tsx')).ProjectSettingsPage,
    }),
  },
];
