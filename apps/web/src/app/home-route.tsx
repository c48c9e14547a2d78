/** "/": an organisation's projects on its subdomain, the welcome shell elsewhere. */
import { Center, Loader } from '@mantine/core';
import { useBootstrap } from '../api/bootstrap.ts';
import { HomePage } from '../features/home/components/home-page.tsx';
import { ProjectsHome } from '../features/projects/routes.tsx';
import { OnboardingPage } from '../features/projects/components/onboarding-page.tsx';
import { SetupPage } from '../features/projects/components/setup-page.tsx';

export function HomeRoute() {
  const boot = useBootstrap();
  if (!boot.data) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (boot.data.organization && boot.data.membership) {
    if (boot.data.membership.onboarding) return <OnboardingPage />;
    if (boot.data.membership.projectOnboarding)
      return <SetupPage initial={boot.data.membership.projectOnboarding} />;
    return <ProjectsHome boot={boot.data} />;
  }
  return <HomePage />;
}
