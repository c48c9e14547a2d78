/**
 * The project onboarding of the tiers without the AI checkout (part 1 §2.4, §4.2): a sequence of
 * questions, each with a tooltip and a help link, that grows with the answers. Every step is saved
 * on the profile; the last one creates the first project with the modules and product scores the
 * answers give, turns the onboarding off, and opens the new canvas. "Skip for now" ends it too.
 */
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  canCreateProject,
  LIMITS,
  nextOnboardingStep,
  ONBOARDING_OPTIONS,
  onboardingProjectSettings,
  DEFAULT_ORGANIZATION_SCOPE,
  onboardingSequence,
  previousOnboardingStep,
  TIMERS,
  type Feature,
  type License,
  type OnboardingOption,
  type OnboardingState,
  type OnboardingStep,
  type OnboardingType,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { contactAddresses } from '../../../api/contact.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { updateProjectSettings } from '../api/project-settings.ts';
import { createProject, setCanvasType, updateProfileOnboarding } from '../api/projects.ts';
import { IntroWalkthrough } from './intro-walkthrough.tsx';

interface StepText {
  title: string;
  tooltip: string;
  multiple: boolean;
}

const STEPS: Record<Exclude<OnboardingStep, 'introduction' | 'onboardingType'>, StepText> = {
  canvasType: {
    title: 'Which canvas will you work on?',
    tooltip:
      'The product canvas holds product ideas; the business canvas holds business model hypotheses. Choose one or both.',
    multiple: true,
  },
  workflow: {
    title: 'How do you organise your work?',
    tooltip:
      'Boards for product ideas: a roadmap timeline (Backlog, Now, Next, Future), a status board (New to Complete) and themes.',
    multiple: true,
  },
  prioritization: {
    title: 'How do you prioritise ideas?',
    tooltip: 'Scores offered on each product idea.',
    multiple: true,
  },
  businessCanvasKind: {
    title: 'Which business canvas?',
    tooltip: 'The Mission Model canvas suits public-sector and non-profit work.',
    multiple: false,
  },
  experiments: {
    title: 'Will you run experiments?',
    tooltip: 'Experiments move from plan to run, analyse and complete, with their evidence.',
    multiple: false,
  },
  publicPortal: {
    title: 'Will you share a public portal?',
    tooltip: 'A page where customers read and vote on published ideas, without an account.',
    multiple: false,
  },
  nativeIntegrations: {
    title: 'Which tools should Assay connect to?',
    tooltip: 'We will suggest these integrations in your settings.',
    multiple: true,
  },
  otherTools: {
    title: 'What else does your team use?',
    tooltip: 'Tells us which integrations to build next.',
    multiple: true,
  },
  projectGeneration: {
    title: 'Should the AI agent draft your first project?',
    tooltip:
      'From a description of at least 100 characters, the agent drafts hypotheses for every canvas section.',
    multiple: false,
  },
};

const OPTION_LABELS: Record<OnboardingOption, string> = {
  productCanvas: 'Product Canvas',
  businessCanvas: 'Business Canvas',
  timeline: 'Timeline (roadmap)',
  productStatus: 'Status',
  productTheme: 'Theme',
  ice: 'ICE',
  rice: 'RICE',
  impactEffort: 'Impact vs Effort',
  painFrequency: 'Pain vs Frequency',
  businessModelCanvas: 'Business Model Canvas',
  missionModelCanvas: 'Mission Model Canvas',
  experimentsYes: 'Yes',
  experimentsNo: 'No',
  publicPortalYes: 'Yes',
  publicPortalNo: 'No',
  chatTool: 'Chat tool',
  cardBoardTool: 'Card-board tool',
  issueTracker: 'Issue tracker',
  customerChat: 'Customer chat',
  videoMeeting: 'Video meetings',
  designTool: 'Design tool',
  email: 'Email',
  automationTool: 'Automation tool',
  browserExtension: 'Browser extension',
  spreadsheetTool: 'Spreadsheets',
  teamChatTool: 'Team chat',
  helpdesk: 'Helpdesk',
  codeHostingTool: 'Code hosting',
  otherCodeHostingTool: 'Other code hosting',
  designHandoffTool: 'Design hand-off',
  generateYes: 'Yes',
  generateNo: 'No',
};

const TYPES: { value: OnboardingType; label: string }[] = [
  { value: 'quick', label: 'Quick: just the essentials' },
  { value: 'basic', label: 'Basic: canvas, experiments and a public portal' },
  { value: 'advanced', label: 'Advanced: prioritisation and integrations too' },
];

function Question(props: { title: string; tooltip: string; step: string }) {
  return (
    <Group gap="xs">
      <Title order={2}>{props.title}</Title>
      <Tooltip label={props.tooltip} openDelay={TIMERS.tooltipDelayMs} maw={400} multiline>
        <ActionIcon
          variant="subtle"
          aria-label={`About: ${props.title}`}
          aria-description={props.tooltip}
        >
          ?
        </ActionIcon>
      </Tooltip>
      <Anchor
        href={`${contactAddresses().help}#${props.step}`}
        target="_blank"
        rel="noreferrer"
        size="sm"
      >
        Help
      </Anchor>
    </Group>
  );
}

export function SetupPage(props: { initial: OnboardingState }) {
  const boot = useBootstrap();
  const profileId = boot.data?.membership?.profileId ?? '';
  const role = boot.data?.membership?.role ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const known = boot.data?.organization;
  const organization = useQuery({
    queryKey: ['organization', 'onboarding-features'],
    queryFn: () =>
      gatewayRequest<{
        fullOrganization: { license: License; features: Feature[]; scope: string[] } | null;
      }>('{ fullOrganization { license features scope } }').then((d) => d.fullOrganization),
    // The page said already (the bootstrap answer): no request before the first question.
    initialData:
      known?.features !== undefined
        ? {
            license: known.license as License,
            features: known.features,
            scope: known.scope ?? DEFAULT_ORGANIZATION_SCOPE,
          }
        : undefined,
  });
  const [state, setState] = useState<OnboardingState>(props.initial);
  const [busy, setBusy] = useState(false);
  const context = {
    license: organization.data?.license ?? null,
    canCreateProjects: canCreateProject(role),
    scope: organization.data?.scope ?? null,
    allows: (feature: Feature) => organization.data?.features.includes(feature) ?? false,
  };
  const sequence = onboardingSequence(state, context);
  const step = sequence.includes(state.currentOnboardingStep)
    ? state.currentOnboardingStep
    : 'introduction';
  const last = nextOnboardingStep(step, sequence) === null;

  // Answers are saved one after another, in the order given: two quick clicks of Next must not
  // arrive the other way round and leave the profile on the earlier step.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = (patch: Partial<OnboardingState>) => {
    const sent = saving.current.then(() => updateProfileOnboarding(profileId, patch));
    saving.current = sent.catch(() => undefined);
    return sent;
  };
  const save = (patch: Partial<OnboardingState>) => {
    const next = { ...state, ...patch };
    setState(next);
    void enqueue(patch).catch(() => undefined);
    return next;
  };

  const choose = (option: OnboardingOption, multiple: boolean, on: boolean) => {
    const group = Object.values(ONBOARDING_OPTIONS).find((g) =>
      (g as readonly string[]).includes(option),
    ) as readonly OnboardingOption[];
    const selected = { ...state.selectedOptions };
    if (!multiple) for (const other of group) selected[other] = false;
    selected[option] = on;
    save({ selectedOptions: selected });
  };

  async function end(createFirstProject: boolean) {
    setBusy(true);
    try {
      let target = '/';
      if (createFirstProject && canCreateProject(role)) {
        const generate =
          state.selectedOptions.generateYes === true &&
          state.projectPrompt.trim().length >= LIMITS.projectDescriptionMin;
        const project = await createProject({
          name: state.projectName.trim() || 'My first project',
          description: state.projectPrompt,
          generate,
        });
        const settings = onboardingProjectSettings(state);
        await updateProjectSettings(project.id, settings);
        if (state.selectedOptions.missionModelCanvas)
          await setCanvasType(project.id, 'missionModel');
        target = `/workspace/${project.id}/canvas/${settings.businessHypotheses ? 'business' : 'product'}`;
      }
      await enqueue({ status: 'complete' });
      await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
      // Go on at once: a click made as the onboarding closes must not be undone by a late jump.
      void navigate(target);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
    } catch (error) {
      showAlert({ message: toApiError(error).message, type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const forward = () => {
    const next = nextOnboardingStep(step, sequence);
    if (next) save({ currentOnboardingStep: next });
    else void end(true);
  };
  const back = () => {
    const previous = previousOnboardingStep(step, sequence);
    if (previous) save({ currentOnboardingStep: previous });
  };

  const text = step === 'introduction' || step === 'onboardingType' ? null : STEPS[step];
  const options = text
    ? (ONBOARDING_OPTIONS[step as keyof typeof ONBOARDING_OPTIONS] as readonly OnboardingOption[])
    : [];
  const answered =
    step === 'introduction' ||
    (step === 'onboardingType' && state.onboardingType !== null) ||
    (text !== null && (text.multiple || options.some((o) => state.selectedOptions[o])));

  return (
    <Stack maw={720} mx="auto" py="xl" px="md" gap="md" data-testid="project-onboarding">
      <Text size="sm" c="dimmed">
        Step {sequence.indexOf(step) + 1} of {sequence.length}
      </Text>
      {step === 'introduction' ? (
        <Stack gap="sm">
          <Title order={1}>Welcome, let's get started!</Title>
          <Text>
            A few questions set up your first project: the canvas you work on, how you organise and
            prioritise ideas, and which modules you need. You can change all of it later in the
            project's settings.
          </Text>
          <IntroWalkthrough video={boot.data?.onboardingVideo} />
        </Stack>
      ) : null}
      {step === 'onboardingType' ? (
        <Stack gap="sm">
          <Question
            title="How much do you want to set up now?"
            tooltip="Quick turns on the essentials; basic and advanced ask a few more questions."
            step={step}
          />
          <Radio.Group
            value={state.onboardingType ?? ''}
            onChange={(v) => save({ onboardingType: v as OnboardingType })}
            aria-label="Setup type"
          >
            <Stack gap="xs">
              {TYPES.map((t) => (
                <Radio key={t.value} value={t.value} label={t.label} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      ) : null}
      {text ? (
        <Stack gap="sm">
          <Question title={text.title} tooltip={text.tooltip} step={step} />
          <Stack gap="xs" role="group" aria-label={text.title}>
            {options.map((option) =>
              text.multiple ? (
                <Checkbox
                  key={option}
                  label={OPTION_LABELS[option]}
                  checked={state.selectedOptions[option] === true}
                  onChange={(e) => choose(option, true, e.currentTarget.checked)}
                />
              ) : (
                <Radio
                  key={option}
                  name={step}
                  label={OPTION_LABELS[option]}
                  checked={state.selectedOptions[option] === true}
                  onChange={() => choose(option, false, true)}
                />
              ),
            )}
          </Stack>
          {step === 'projectGeneration' && state.selectedOptions.generateYes ? (
            <Textarea
              label={`Describe your business (at least ${LIMITS.projectDescriptionMin} characters)`}
              autosize
              minRows={4}
              value={state.projectPrompt}
              onChange={(e) => {
                const projectPrompt = e.currentTarget.value;
                setState((s) => ({ ...s, projectPrompt }));
              }}
              onBlur={() => save({ projectPrompt: state.projectPrompt })}
            />
          ) : null}
        </Stack>
      ) : null}
      {last && step !== 'introduction' ? (
        <TextInput
          label="Name your first project"
          maxLength={LIMITS.nameMax}
          value={state.projectName}
          onChange={(e) => {
            const projectName = e.currentTarget.value;
            setState((s) => ({ ...s, projectName }));
          }}
          onBlur={() => save({ projectName: state.projectName })}
        />
      ) : null}
      <Group justify="space-between">
        <Group>
          {step !== 'introduction' ? (
            <Button variant="default" onClick={back}>
              Back
            </Button>
          ) : null}
          <Button variant="subtle" onClick={() => void end(false)} disabled={busy}>
            Skip for now
          </Button>
        </Group>
        <Button onClick={forward} disabled={!answered || !organization.data} loading={busy}>
          {step === 'introduction' && sequence.length > 1
            ? 'Get started'
            : last
              ? 'Finish'
              : 'Next'}
        </Button>
      </Group>
    </Stack>
  );
}
