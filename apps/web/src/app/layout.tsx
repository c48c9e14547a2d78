/** The app shell: header with the user menu, version banner, the route's screen, entry rules. */
import { InboxLink } from '../features/inbox/components/inbox-link.tsx';
import { RealtimeStatus } from '../ui/realtime-status.tsx';
import { GlobalSearch } from '../ui/global-search/global-search.tsx';
import { ShortcutsHelp } from '../ui/shortcuts/shortcuts-help.tsx';
import {
  Alert,
  AppShell,
  Burger,
  Button,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';
import { canManageMembers } from '@assay/domain';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { rememberLocation } from './locations.ts';
import { useBootstrap } from '../api/bootstrap.ts';
import { signOut } from '../api/session.ts';
import { closeRerouteAlerts } from '../ui/alerts.ts';
import { UploadProgressPanel } from '../ui/upload-progress.tsx';
import { VersionBanner } from '../ui/version-banner.tsx';
import { BillingBanner } from '../ui/billing/billing-banner.tsx';
import { checkoutGate, rememberLoginRequest, zoomRedirect } from './host-rules.ts';
import { OopsView } from './pages/oops-page.tsx';
import { SideNav } from './side-nav.tsx';
import { shutdownSupportChat, useSupportChat } from './support-chat.ts';
import { useErrorReporting } from './error-reporting.ts';
import { CardDetailOutlet } from '../features/cards/routes.tsx';
import { OrganizationClosing } from '../features/settings/components/organization-closing.tsx';

/** The mark, drawn inline as the page's first paint draws it (no request, no blank after a reload). */
function LogoMark() {
  return (
    <svg
      viewBox="0 0 32 32"
      width={28}
      height={28}
      aria-hidden
      focusable="false"
      style={{ flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="7" fill="#1c7ed6" />
      <path
        d="M9 23 16 8l7 15"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M12 18h8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function Logo(props: { name?: string | undefined }) {
  return (
    <Link
      to="/"
      style={{ textDecoration: 'none', color: 'inherit', minWidth: 0 }}
      aria-label="Assay home"
    >
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        <Text fw={700} size="lg" visibleFrom="sm">
          Assay
        </Text>
        {props.name ? (
          <Text
            c="dimmed"
            size="sm"
            data-testid="organization-name"
            truncate
            maw={{ base: 120, sm: 320 }}
          >
            {props.name}
          </Text>
        ) : null}
      </Group>
    </Link>
  );
}

function UserMenu() {
  const boot = useBootstrap();
  const user = boot.data?.user;
  if (!boot.data) return null;
  if (!user) {
    return (
      <Button component={Link} to="/sign-in" variant="default" size="xs">
        Sign in
      </Button>
    );
  }
  const data = boot.data;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label="Your account"
          data-testid="user-menu"
          mih={44}
          style={{ display: 'flex', alignItems: 'center' }}
        >
          <Text size="sm" fw={500} truncate maw={{ base: 84, sm: 240 }}>
            {user.firstName} {user.lastName}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component="a" href={`${data.appOrigin}/organizations`}>
          Your organizations
        </Menu.Item>
        {data.membership && canManageMembers(data.membership.role) ? (
          <Menu.Item component={Link} to="/settings/members">
            Organization settings
          </Menu.Item>
        ) : null}
        {data.membership && canManageMembers(data.membership.role) ? (
          // Billing as a link of its own (#26): it opens in a new tab and can be bookmarked.
          <Menu.Item component={Link} to="/settings/billing">
            Billing
          </Menu.Item>
        ) : null}
        {data.membership ? (
          <Menu.Item component={Link} to="/profile">
            Your profile
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/profile/security">
          Security
        </Menu.Item>
        <ColorSchemeItem />
        <Menu.Item
          color="red"
          onClick={() => {
            shutdownSupportChat();
            void signOut(data.sessionId).then(() => window.location.assign('/sign-in'));
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Light or dark (issue #32): the system's preference until the person chooses; the choice is
 * remembered in this browser (Mantine's colour-scheme manager, local storage).
 */
function ColorSchemeItem() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <Menu.Item onClick={() => setColorScheme(next)}>
      {next === 'dark' ? 'Dark mode' : 'Light mode'}
    </Menu.Item>
  );
}

/** What a member who cannot pay sees while the organisation awaits its checkout (#48). */
function AwaitingCheckout() {
  return (
    <Stack maw={560} mx="auto" py="xl" px="md">
      <Alert color="blue" title="Your organization’s plan has not started yet" role="status">
        An owner of your organization chooses its plan at checkout. Its projects and the AI agent
        open as soon as they do.
      </Alert>
    </Stack>
  );
}

export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const boot = useBootstrap();
  // An organisation scheduled for deletion is closed (#29): its page says so, nothing else opens.
  const closingAt = boot.data?.membership ? boot.data.organization?.deletionDueAt : null;
  // An AI tier that has not paid (#48): checkout first, wherever one goes, without the navigation.
  const gate = checkoutGate(location.pathname, boot.data?.membership);
  const unpaid = Boolean(boot.data?.membership?.awaitingCheckout);
  const withNav = Boolean(boot.data?.organization && boot.data.membership && !closingAt && !unpaid);
  // On a phone the side navigation hides behind a menu button and closes after navigating.
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  // Read at once (there is no server rendering): a first render for the wrong width would render
  // the whole page a second time, blocking a phone's first screen (#32).
  const desktop = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  useEffect(() => closeNav(), [location.pathname, location.search, closeNav]);
  // On a phone the navigation is closed, so it is drawn after the page's first screen, in a
  // render of its own that yields, rather than in the first one (#32: blocking time).
  const [navDrawn, setNavDrawn] = useState(desktop);
  useEffect(() => {
    if (!navDrawn) startTransition(() => setNavDrawn(true));
  }, [navDrawn]);
  useSupportChat();
  useErrorReporting();
  useEffect(() => {
    closeRerouteAlerts();
    rememberLoginRequest(location.search, sessionStorage);
    const zoom = zoomRedirect(location.pathname, navigator.userAgent);
    if (zoom) void navigate(zoom, { replace: true });
  }, [location.pathname, location.search, navigate]);
  // Where the member is, for coming back to it (lastLocation-*, projectLocation-{id}).
  const organizationId = boot.data?.membership ? boot.data.organization?.id : undefined;
  useEffect(() => {
    if (organizationId) rememberLocation(localStorage, organizationId, location.pathname);
  }, [organizationId, location.pathname]);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={
        withNav ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined
      }
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {withNav ? (
              <Burger
                opened={navOpened}
                onClick={toggleNav}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              />
            ) : null}
            <Logo name={boot.data?.organization?.name} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {withNav ? <GlobalSearch /> : null}
            {withNav ? <ShortcutsHelp /> : null}
            {withNav ? <InboxLink /> : null}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {withNav && boot.data ? (
        <AppShell.Navbar
          // Closed on a phone it slides away, and neither the keyboard nor a screen reader
          // reaches its links until it is opened.
          style={!desktop && !navOpened ? { visibility: 'hidden' } : undefined}
        >
          {navDrawn || navOpened ? <SideNav boot={boot.data} /> : null}
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main>
        <VersionBanner />
        <RealtimeStatus />
        {boot.isError ? (
          // Without the bootstrap nothing knows where it is (#48 item 6): the oops page.
          <OopsView error={boot.error} />
        ) : closingAt && boot.data ? (
          <OrganizationClosing boot={boot.data} deletionDueAt={closingAt} />
        ) : gate === 'checkout' ? (
          <Navigate to="/" replace />
        ) : gate === 'wait' ? (
          <AwaitingCheckout />
        ) : (
          <>
            {boot.data ? <BillingBanner boot={boot.data} /> : null}
            <Outlet />
            {boot.data?.membership ? <CardDetailOutlet /> : null}
          </>
        )}
        <UploadProgressPanel />
      </AppShell.Main>
    </AppShell>
  );
}
