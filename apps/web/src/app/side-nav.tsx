/** Side navigation: favourites, up to 5 collections, up to 10 active projects (or cohorts on academic). */
import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  licenseAllows,
  planWithFeature,
  termsFor,
  type Feature,
  type License,
} from '@assay/domain';
import type { Bootstrap } from '../api/bootstrap.ts';
import { useSideNavigation } from '../api/side-navigation.ts';
import { openFeatureAlert } from '../ui/feature-alert.tsx';
import { reopenProject } from './locations.ts';

function Section(props: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack gap={2} data-testid={props.testId}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="sm">
        {props.title}
      </Text>
      {props.children}
    </Stack>
  );
}

/** A feature the plan lacks, shown locked with the plan that brings it: a click opens the alert. */
function LockedNavLink(props: {
  label: string;
  feature: Feature;
  testId: string;
  isOwner: boolean;
}) {
  const navigate = useNavigate();
  return (
    <NavLink
      label={props.label}
      data-testid={props.testId}
      rightSection={
        <Badge size="xs" variant="light" color="gray">
          {planWithFeature(props.feature)?.name}
        </Badge>
      }
      onClick={() =>
        openFeatureAlert({
          feature: props.feature,
          isOwner: props.isOwner,
          seePlans: (path) => void navigate(path),
        })
      }
    />
  );
}

export function SideNav(props: { boot: Bootstrap }) {
  const nav = useSideNavigation(true);
  const location = useLocation();
  const isOwner = props.boot.membership?.role === 'owner';
  const license = props.boot.organization?.license as License | undefined;
  const terms = termsFor(license);
  const data = nav.data;
  // The server says where each project opens (part 1 §2.5): the canvas, or the dashboard; the
  // member comes back to the page of it they were last on.
  const projectPath = (p: { id: string; path: string | null }) =>
    reopenProject(localStorage, p.id, p.path ?? `/project-dashboard/${p.id}/overview`);
  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap={0} p="xs">
        <NavLink component={Link} to="/" label="Home" active={location.pathname === '/'} />
        {license && !licenseAllows(license, 'evidenceLocker') ? (
          <LockedNavLink
            label="Evidence locker"
            feature="evidenceLocker"
            testId="nav-evidence-locker-locked"
            isOwner={isOwner}
          />
        ) : (
          <NavLink
            component={Link}
            to="/research-hub/evidence-locker"
            label="Evidence locker"
            active={location.pathname.startsWith('/research-hub/evidence-locker')}
          />
        )}
        {data && data.favorites.length > 0 ? (
          <Section title="Favorites" testId="nav-favorites">
            {data.favorites.map((f) => (
              <NavLink
                key={f.id}
                component={Link}
                to={
                  f.subjectType === 'projects'
                    ? projectPath({ id: f.subjectId, path: f.path })
                    : f.subjectType === 'cohorts'
                      ? `/cohort/${f.subjectId}`
                      : `/collections/${f.subjectId}`
                }
                label={f.name}
                description={
                  f.subjectType === 'projects'
                    ? terms.project
                    : f.subjectType === 'cohorts'
                      ? 'Cohort'
                      : 'Collection'
                }
              />
            ))}
          </Section>
        ) : null}
        {data && license && licenseAllows(license, 'collections') ? (
          <Section title="Collections" testId="nav-collections">
            {data.collections.map((c) => (
              <NavLink key={c.id} component={Link} to={`/collections/${c.id}`} label={c.name} />
            ))}
            <NavLink component={Link} to="/collections" label="All collections" c="dimmed" />
          </Section>
        ) : data && license && license !== 'academic' ? (
          <LockedNavLink
            label="Collections"
            feature="collections"
            testId="nav-collections-locked"
            isOwner={isOwner}
          />
        ) : null}
        {data && license !== 'academic' ? (
          <Section title={terms.projects} testId="nav-projects">
            {data.projects.length === 0 ? (
              <Text size="xs" c="dimmed" px="sm">
                No active {terms.projects.toLowerCase()} yet.
              </Text>
            ) : (
              data.projects.map((p) => (
                <NavLink
                  key={p.id}
                  component={Link}
                  to={projectPath(p)}
                  label={p.name}
                  active={
                    location.pathname.startsWith(`/workspace/${p.id}`) ||
                    location.pathname.startsWith(`/project-dashboard/${p.id}`)
                  }
                />
              ))
            )}
          </Section>
        ) : null}
        {data && license === 'academic' ? (
          <Section title="Cohorts" testId="nav-cohorts">
            {data.cohorts.map((c) => (
              <NavLink
                key={c.id}
                component={Link}
                to={`/cohort/${c.id}`}
                label={c.name}
                active={location.pathname.startsWith(`/cohort/${c.id}`)}
              />
            ))}
            <NavLink component={Link} to="/cohorts" label="All cohorts" c="dimmed" />
          </Section>
        ) : null}
      </Stack>
    </ScrollArea>
  );
}
