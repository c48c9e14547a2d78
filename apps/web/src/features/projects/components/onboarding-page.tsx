/**
 * The AI-tier onboarding at "/" (part 1 §2.4, §4.1): welcome, project setup (name, description of
 * at least 100 characters with guidance questions, language), checkout; then the project is
 * created and drafted by the agent, the draft cleared, the organisation reloaded, and the owner
 * lands on the new canvas. An organisation created from a project skips the project setup and
 * lands on its projects.
 */
import {
  Button,
  Card,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  LIMITS,
  pickLanguage,
  sanitizeName,
  VALIDATION_MESSAGES,
  type Language,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { createProject, updateProfileOnboarding } from '../api/projects.ts';
import {
  DESCRIPTION_EXAMPLE,
  DESCRIPTION_GUIDE,
  draftKey,
  loadDraft,
  type Draft,
} from './create-project-modal.tsx';
import { Checkout } from '../../../ui/billing/checkout.tsx';

const BLURBS = [
  {
    title: 'Ideas',
    body: 'The AI agent drafts a business model canvas of testable hypotheses from your description.',
  },
  {
    title: 'Evidence',
    body: 'Interview guides for every hypothesis, and notes from each conversation kept as evidence.',
  },
  {
    title: 'Connections',
    body: 'An agent trained on your business links evidence to ideas and answers from your own cards.',
  },
];

export function OnboardingPage() {
  const boot = useBootstrap();
  const organizationId = boot.data?.organization?.id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const origin = useQuery({
    queryKey: ['organization', 'from-project'],
    queryFn: () =>
      gatewayRequest<{ fullOrganization: { fromProjectId: string | null } | null }>(
        '{ fullOrganization { fromProjectId } }',
      ).then((d) => d.fullOrganization?.fromProjectId ?? null),
  });
  // The project step has nothing to draft when the organisation came from a project or already
  // has projects (made before checkout was required, #48): it goes straight to checkout.
  const fromProject =
    origin.data ?? (boot.data?.membership?.skipProjectStep ? 'existing projects' : null);
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(() => ({
    name: '',
    description: '',
    language: pickLanguage(navigator.language),
    generate: true,
    ...loadDraft(organizationId),
  }));
  const [touched, setTouched] = useState(false);
  // Kept once something is written, so an untouched onboarding leaves no draft behind.
  useEffect(() => {
    if (organizationId && (draft.name.trim() || draft.description.trim()))
      localStorage.setItem(draftKey(organizationId), JSON.stringify(draft));
  }, [draft, organizationId]);

  const length = draft.description.trim().length;
  const nameOk = sanitizeName(draft.name) !== '';
  const descriptionOk = length >= LIMITS.projectDescriptionMin;
  const valid = nameOk && descriptionOk && LANGUAGES.includes(draft.language);

  async function finish() {
    let target = '/home/projects';
    if (!fromProject) {
      const project = await createProject({
        name: draft.name,
        description: draft.description,
        language: draft.language,
        generate: true,
      });
      target = `/workspace/${project.id}/canvas/business`;
    }
    localStorage.removeItem(draftKey(organizationId));
    // The last step done: the profile's project onboarding ends (part 1 §4.1).
    const profileId = boot.data?.membership?.profileId;
    if (profileId)
      await updateProfileOnboarding(profileId, { status: 'complete' }).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
    await queryClient.invalidateQueries({ queryKey: ['projects'] });
    await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
    showAlert({ message: 'Welcome aboard! Your plan is active.', type: 'success' });
    void navigate(target);
  }

  const checkoutStep = fromProject ? 1 : 2;
  return (
    <Stack maw={960} mx="auto" py="xl" px="md" gap="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Welcome" />
        {fromProject ? null : <Stepper.Step label="Your project" />}
        <Stepper.Step label="Checkout" />
      </Stepper>
      {step === 0 ? (
        <Stack gap="md" align="center">
          <Title order={1}>Welcome, let's get started!</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {BLURBS.map((b) => (
              <Card key={b.title} withBorder>
                <Text fw={700}>{b.title}</Text>
                <Text size="sm">{b.body}</Text>
              </Card>
            ))}
          </SimpleGrid>
          <Button size="md" onClick={() => setStep(1)}>
            LET'S GO!
          </Button>
        </Stack>
      ) : null}
      {step === 1 && !fromProject ? (
        <Stack gap="sm">
          <Title order={2}>Tell the agent about your business</Title>
          <TextInput
            label="NAME"
            required
            maxLength={LIMITS.nameMax}
            value={draft.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setDraft((d) => ({ ...d, name }));
            }}
            error={touched && !nameOk ? VALIDATION_MESSAGES.projectNameRequired : null}
          />
          <Textarea
            label={`DESCRIPTION (at least ${LIMITS.projectDescriptionMin} characters)`}
            description={
              <List size="xs">
                {DESCRIPTION_GUIDE.map((q) => (
                  <List.Item key={q}>{q}</List.Item>
                ))}
              </List>
            }
            placeholder={DESCRIPTION_EXAMPLE}
            autosize
            minRows={6}
            value={draft.description}
            onChange={(e) => {
              const description = e.currentTarget.value;
              setDraft((d) => ({ ...d, description }));
            }}
            onBlur={() => setTouched(true)}
            error={touched && !descriptionOk ? VALIDATION_MESSAGES.projectDescriptionMin : null}
          />
          <Text size="xs" c="dimmed">
            {length} / {LIMITS.projectDescriptionMin} characters
          </Text>
          <Select
            label="Language"
            allowDeselect={false}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            value={draft.language}
            onChange={(v) => v && setDraft((d) => ({ ...d, language: v as Language }))}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(0)}>
              Back
            </Button>
            <Button disabled={!valid} onClick={() => setStep(2)}>
              Continue
            </Button>
          </Group>
        </Stack>
      ) : null}
      {step === checkoutStep && organizationId ? (
        <Stack gap="sm">
          <Checkout organizationId={organizationId} onPaid={finish} />
          <Group>
            <Button variant="default" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
