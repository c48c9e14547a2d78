/**
 * The local-only style guide (part 1 §2.5): the design system's pieces as the app uses them,
 * each live: colours with their contrast, type, buttons, badges, form fields, the top alert and
 * alerts, the confirm modal, the upload progress toast, tooltips and the full-screen wait modal.
 * Shown outside production only.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { Navigate } from 'react-router';
import { MESSAGES, TIMING_LABELS, type TimingStatus } from '@assay/domain';
import { useBootstrap } from '../../api/bootstrap.ts';
import { showAlert } from '../../ui/alerts.ts';
import { openConfirm } from '../../ui/confirm.tsx';
import { TimingBadge } from '../../ui/timing-badge.tsx';
import { trackUpload } from '../../ui/upload-progress.tsx';
import { hideWaitModal, showWaitModal } from '../../ui/wait-modal.tsx';

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={props.title}>
      <Title order={2} size="h3" mb="sm">
        {props.title}
      </Title>
      {props.children}
    </Card>
  );
}

function simulateUpload() {
  const upload = trackUpload('interview-recording.webm');
  let percent = 0;
  const timer = setInterval(() => {
    percent += 20;
    upload.progress(percent);
    if (percent >= 100) {
      clearInterval(timer);
      upload.done();
    }
  }, 300);
}

export function StyleGuidePage() {
  const boot = useBootstrap();
  const theme = useMantineTheme();
  if (!boot.data) return null;
  if (!boot.data.devInbox) return <Navigate to="/not-found" replace />;
  return (
    <Stack gap="lg" maw={1100} mx="auto" py="xl" px="md">
      <Stack gap={4}>
        <Title order={1}>Style guide</Title>
        <Text c="dimmed">
          The design system’s pieces, live. Local only: this page does not exist in production.
        </Text>
      </Stack>

      <Section title="Colours">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {['blue', 'green', 'red', 'orange', 'yellow', 'teal', 'grape', 'gray'].map((name) => (
            <Group key={name} gap="xs">
              <ColorSwatch color={theme.colors[name]?.[8] ?? name} aria-hidden />
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  filled: shade 8
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
        <Text size="sm" mt="sm">
          Text meets WCAG AA: primary shade 8, text on fills chosen by luminance, dimmed text
          gray.7.
        </Text>
      </Section>

      <Section title="Type">
        <Title order={1}>Heading 1</Title>
        <Title order={2}>Heading 2</Title>
        <Title order={3}>Heading 3</Title>
        <Text>Body text: test business and product ideas with evidence.</Text>
        <Text size="sm" c="dimmed">
          Dimmed small text for secondary details.
        </Text>
      </Section>

      <Section title="Buttons">
        <Group>
          <Button>Primary</Button>
          <Button variant="light">Light</Button>
          <Button variant="default">Default</Button>
          <Button variant="subtle">Subtle</Button>
          <Button color="red">Danger</Button>
          <Button loading>Loading</Button>
          <Button disabled>Disabled</Button>
        </Group>
      </Section>

      <Section title="Badges">
        <Group>
          <Badge variant="light">Business hypothesis</Badge>
          <Badge color="yellow">Draft</Badge>
          <Badge color="red" variant="outline">
            Risky
          </Badge>
          <Badge color="green">Running</Badge>
          <Badge color="grape" variant="light">
            Generated
          </Badge>
          {(Object.keys(TIMING_LABELS) as TimingStatus[]).map((t) => (
            <TimingBadge key={t} timing={t} />
          ))}
        </Group>
      </Section>

      <Section title="Form fields">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Title" placeholder="Name the hypothesis" />
          <TextInput label="Email" error="Please enter a valid email address." />
          <Select label="Status" data={['Active', 'Parked', 'Archived']} defaultValue="Active" />
          <Stack gap="xs" pt="md">
            <Checkbox label="Add a hypothesis to the canvas" defaultChecked />
            <Switch label="Risky (add to the risky list)" />
          </Stack>
        </SimpleGrid>
      </Section>

      <Section title="Alerts and feedback">
        <Stack>
          <Alert variant="light" color="blue" title="Your first hypothesis">
            An inline alert, as first-time tips use it.
          </Alert>
          <Group>
            <Button
              variant="default"
              onClick={() =>
                showAlert({ message: 'Your project has been updated', type: 'success' })
              }
            >
              Top alert: success
            </Button>
            <Button
              variant="default"
              onClick={() =>
                showAlert({
                  message: MESSAGES.renderErrorBody,
                  title: MESSAGES.renderErrorTitle,
                  type: 'error',
                })
              }
            >
              Top alert: error
            </Button>
            <Button
              variant="default"
              onClick={() =>
                openConfirm({
                  title: 'Delete Campus Bike Repair',
                  message: 'This cannot be undone.',
                  confirmLabel: 'Delete',
                  danger: true,
                })
              }
            >
              Confirm modal
            </Button>
            <Button variant="default" onClick={simulateUpload}>
              Upload progress toast
            </Button>
            <Tooltip label="Tooltips explain a control in a few words" openDelay={200}>
              <Button variant="default">Tooltip</Button>
            </Tooltip>
            <Button
              variant="default"
              onClick={() => {
                showWaitModal();
                setTimeout(hideWaitModal, 2500);
              }}
            >
              Wait modal
            </Button>
          </Group>
        </Stack>
      </Section>
    </Stack>
  );
}
