/** "/": an organisation's projects on its subdomain, the welcome shell elsewhere. */
import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { FIRST_PATH, FIRST_SEARCH, reopenOnHome } from './locations.ts';
import { useBootstrap } from '../api/bootstrap.ts';
import { HomePage } from '../features/home/components/home-page.tsx';
import { useQueryClient } from '@tanstack/react-query';
import {
  loadedHomeScreens,
  OnboardingPage,
  prefetchProjectsHome,
  ProjectsHome,
  SetupPage,
} from '../features/projects/routes.tsx';

const loading = (
  <Center mih="50vh">
    <Loader aria-label="Loading" />
  </Center>
);

export function HomeRoute() {
  const boot = useBootstrap();
  const queryClient = useQueryClient();
  const home = boot.data?.organization && boot.data.membership;
  const projectsHome =
    home && !boot.data?.membership?.onboarding && !boot.data?.membership?.projectOnboarding;
  // A tab opened on the home reopens the member's last page in this organisation, once.
  const organizationId = projectsHome ? boot.data?.organization?.id : undefined;
  const reopen = useRef<string | null | undefined>(undefined);
  if (reopen.current === undefined && organizationId)
    reopen.current = reopenOnHome(
      localStorage,
      sessionStorage,
      organizationId,
      FIRST_PATH,
      FIRST_SEARCH,
    );
  useEffect(() => {
    if (projectsHome) prefetchProjectsHome(queryClient);
  }, [projectsHome, queryClient]);
  if (reopen.current) return <Navigate to={reopen.current} replace />;
  if (!boot.data) return loading;
  if (boot.data.organization && boot.data.membership) {
    const { membership } = boot.data;
    // Code already here (loaded before the first render) draws at once; else it suspends.
    const here = loadedHomeScreens();
    const Onboarding = here.OnboardingPage ?? OnboardingPage;
    const Setup = here.SetupPage ?? SetupPage;
    const Projects = here.ProjectsHome ?? ProjectsHome;
    return (
      <Suspense fallback={loading}>
        {membership.onboarding ? (
          <Onboarding />
        ) : membership.projectOnboarding ? (
          <Setup initial={membership.projectOnboarding} />
        ) : (
          <Projects boot={boot.data} />
        )}
      </Suspense>
    );
  }
  return <HomePage />;
}
