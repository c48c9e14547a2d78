/**
 * New project: a name (required, sanitised, 50 characters), a description and a language; where
 * the plan has the AI agent and the organisation offers it, "Draft it with the AI agent" (the
 * description must then be at least 100 characters). The draft is kept per organisation in local storage until the project exists.
 */
import {
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  ERRORS,
  LANGUAGE_NAMES,
  LANGUAGES,
  LIMITS,
  MESSAGES,
  pickLanguage,
  plansPath,
  planTargetAbove,
  sanitizeName,
  VALIDATION_MESSAGES,
  type Language,
  type License,
  type Terms,
} from '@assay/domain';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { useGenerationLimits } from '../../../api/generation.ts';
import { requestOwnerApproval } from '../../../api/owner-approval.ts';
import { limitsText } from '../../../ui/agent/generation-progress.tsx';
import { showAlert } from '../../../ui/alerts.ts';
import { openLimitDialog } from '../../../ui/limit-dialog.tsx';
import { createProject } from '../api/projects.ts';

export interface Draft {
  name: string;
  description: string;
  language: Language;
  generate: boolean;
}

export const draftKey = (organizationId: string) => `initial-project-${organizationId}`;

export function loadDraft(organizationId: string | undefined): Partial<Draft> {
  if (!organizationId) return {};
  try {
    return JSON.parse(localStorage.getItem(draftKey(organizationId)) ?? '{}') as Partial<Draft>;
  } catch {
    localStorage.removeItem(draftKey(organizationId));
    return {};
  }
}

export const DESCRIPTION_GUIDE = [
  'What problem do you solve?',
  'What is your solution?',
  'What products or services do you offer?',
  'Who are your customers?',
];

export const DESCRIPTION_EXAMPLE =
  'e.g. Stockly is a mobile inventory app for independent restaurant owners who still count stock on paper. They waste hours every week and throw away food because they over-order…';

function useProjectDefaults() {
  return useQuery({
    queryKey: ['organization', 'project-defaults'],
    queryFn: () =>
      gatewayRequest<{
        fullOrganization: { projectDefaults: { generate: boolean; language: string } } | null;
      }>('{ fullOrganization { projectDefaults { generate language } } }').then(
        (d) => d.fullOrganization?.projectDefaults ?? null,
      ),
    staleTime: 60_000,
  });
}

export function CreateProjectModal(props: {
  opened: boolean;
  onClose: () => void;
  terms: Terms;
  isOwner: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const boot = useBootstrap();
  const organizationId = boot.data?.organization?.id;
  const limits = useGenerationLimits(props.opened);
  const defaults = useProjectDefaults();
  // The option is offered where the plan has the agent and the organisation offers it (projectDefaults.generate).
  const agent = (limits.data?.enabled ?? false) && defaults.data?.generate !== false;
  // The saved draft when the modal first mounts (it mounts on first opening), so nothing typed
  // is overwritten by a draft read after it.
  const form = useForm<Draft>({
    initialValues: {
      name: '',
      description: '',
      language: pickLanguage(navigator.language),
      generate: false,
      ...loadDraft(organizationId),
    },
    validate: {
      name: (v) => (sanitizeName(v) ? null : VALIDATION_MESSAGES.projectNameRequired),
      description: (v, values) =>
        values.generate && v.trim().length < LIMITS.projectDescriptionMin
          ? VALIDATION_MESSAGES.projectDescriptionMin
          : null,
    },
  });
  const { setValues, setFieldValue } = form;
  // Reopened later: the draft as saved (the onboarding's questions may have written it). Only on
  // opening: a later answer (the organisation's defaults) must not reset what is being typed.
  const wasOpened = useRef(props.opened);
  // The organisation's default language applies unless the draft or the member chose one.
  const languageChosen = useRef(loadDraft(organizationId).language !== undefined);
  useEffect(() => {
    if (props.opened && !wasOpened.current) {
      const saved = loadDraft(organizationId);
      languageChosen.current = saved.language !== undefined;
      setValues(saved);
    }
    wasOpened.current = props.opened;
  }, [props.opened, organizationId, setValues]);
  const defaultLanguage = defaults.data?.language;
  useEffect(() => {
    if (props.opened && defaultLanguage && !languageChosen.current)
      setFieldValue('language', defaultLanguage as Language);
  }, [props.opened, defaultLanguage, setFieldValue]);
  useEffect(() => {
    if (organizationId && props.opened && (form.values.name || form.values.description))
      localStorage.setItem(draftKey(organizationId), JSON.stringify(form.values));
  }, [form.values, organizationId, props.opened]);

  const generate = agent && form.values.generate;
  const create = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (values: Draft) =>
      createProject({
        name: values.name,
        description: values.description,
        language: values.language,
        generate: agent && values.generate,
      }),
    onSuccess: async (project) => {
      if (organizationId) localStorage.removeItem(draftKey(organizationId));
      // Emptied for the next project (the language stays as chosen).
      form.setValues({ name: '', description: '', generate: false });
      form.clearErrors();
      props.onClose();
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
      // The getting-started checklist ticks "Create a project".
      void queryClient.invalidateQueries({ queryKey: ['getting-started'] });
      if (generate) {
        void queryClient.invalidateQueries({ queryKey: ['generation'] });
        void navigate(`/workspace/${project.id}/canvas/business`);
      } else showAlert({ message: `${project.name} is ready`, type: 'success' });
    },
    onError: (error) => {
      const apiError = toApiError(error);
      if (apiError.message === ERRORS.projectAllocationExceeded.message) {
        props.onClose();
        openLimitDialog({
          title: MESSAGES.projectLimitTitle,
          message: `Your plan allows a set number of new ${props.terms.projects.toLowerCase()} each month, and this month's are used. ${props.isOwner ? 'A bigger plan lifts it.' : 'An owner can change the plan.'}`,
          isOwner: props.isOwner,
          // Owners go straight to the plan that lifts the limit (#30).
          ownerLabel: 'See plans',
          contactUs: () =>
            void navigate(
              plansPath(planTargetAbove((boot.data?.organization?.license ?? 'garage') as License)),
            ),
          askOwners: () =>
            requestOwnerApproval(`More ${props.terms.projects.toLowerCase()}`, apiError.message),
        });
        return;
      }
      if (
        apiError.message === ERRORS.generationNeedsDescription.message ||
        apiError.message === ERRORS.generationAllowanceUsed.message ||
        apiError.message === ERRORS.generationNotAllowed.message
      ) {
        form.setFieldError('description', apiError.message);
        return;
      }
      form.setFieldError('name', apiError.message);
    },
  });
  const length = form.values.description.trim().length;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`New ${props.terms.project.toLowerCase()}`}
      size={agent ? 'lg' : 'md'}
      centered
    >
      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            maxLength={LIMITS.nameMax}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label={
              generate
                ? `Description (at least ${LIMITS.projectDescriptionMin} characters)`
                : 'Description'
            }
            description={generate ? `${length} characters` : undefined}
            placeholder={generate ? DESCRIPTION_EXAMPLE : undefined}
            autosize
            minRows={generate ? 6 : 3}
            maxLength={LIMITS.textFieldMax}
            {...form.getInputProps('description')}
          />
          {agent ? (
            <>
              <Checkbox
                label="Draft it with the AI agent: hypotheses for every canvas section, the dashboard, a market worksheet and first experiments"
                {...form.getInputProps('generate', { type: 'checkbox' })}
              />
              {generate ? (
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    The more your description answers these, the better the draft:
                  </Text>
                  <List size="xs" c="dimmed" withPadding>
                    {DESCRIPTION_GUIDE.map((q) => (
                      <List.Item key={q}>{q}</List.Item>
                    ))}
                  </List>
                  {limits.data ? (
                    <Text size="xs" c="dimmed" data-testid="generation-limits">
                      {limitsText(limits.data)}
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
            </>
          ) : null}
          <Select
            label="Language"
            allowDeselect={false}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            {...form.getInputProps('language')}
            onChange={(value) => {
              languageChosen.current = true;
              if (value) setFieldValue('language', value as Language);
            }}
          />
          <Group justify="end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={
                generate &&
                (length < LIMITS.projectDescriptionMin || !sanitizeName(form.values.name))
              }
            >
              {generate ? 'Create and draft' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
