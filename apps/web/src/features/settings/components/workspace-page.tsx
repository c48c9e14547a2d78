/** Workspace settings: global custom fields, canvas templates, and the AI agent's context and prompts. */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  NumberInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CANVAS_LABELS, CANVAS_SECTIONS, MESSAGES } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { LockedFeature } from '../../../ui/locked-feature.tsx';
import {
  saveWorkspaceSettings,
  useWorkspaceSettings,
  type CanvasTemplate,
  type GlobalField,
  type WorkspaceSettings,
} from '../api/workspace-settings.ts';
import { useGenerationLimits } from '../../../api/generation.ts';
import { limitsText } from '../../../ui/agent/generation-progress.tsx';
import { PromptGroupsEditor } from './prompt-groups.tsx';
import { SettingsLayout } from './settings-layout.tsx';

const FIELD_TYPES = ['text', 'number', 'dropdown', 'date', 'checkbox'] as const;

function useSave(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (patch: Parameters<typeof saveWorkspaceSettings>[1]) =>
      saveWorkspaceSettings(id, patch),
    onSuccess: async () => {
      showAlert({ message: MESSAGES.organizationUpdated, type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
    onError: (error) => showAlert({ message: toApiError(error).message, type: 'error' }),
  });
}

function GlobalFieldsCard(props: { settings: WorkspaceSettings }) {
  const save = useSave(props.settings.id);
  const [fields, setFields] = useState<GlobalField[]>(props.settings.globalFields);
  useEffect(() => setFields(props.settings.globalFields), [props.settings.globalFields]);
  const patch = (index: number, change: Partial<GlobalField>) =>
    setFields((all) => all.map((f, i) => (i === index ? { ...f, ...change } : f)));
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5">
        Custom fields for every project
      </Title>
      <Stack gap="xs" mt="sm" data-testid="global-fields">
        {fields.map((field, index) => (
          <Group key={field.id} align="end" wrap="nowrap">
            <TextInput
              label="Field"
              value={field.title}
              onChange={(e) => patch(index, { title: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <Select
              label="Type"
              w={140}
              data={FIELD_TYPES.map((t) => ({ value: t, label: t }))}
              value={field.type}
              allowDeselect={false}
              onChange={(type) => type && patch(index, { type: type as GlobalField['type'] })}
            />
            {field.type === 'dropdown' ? (
              <TagsInput
                label="Options"
                style={{ flex: 1 }}
                value={field.specifications.options}
                onChange={(options) => patch(index, { specifications: { options } })}
              />
            ) : null}
            {field.type === 'number' ? (
              <>
                <NumberInput
                  label="Lowest"
                  w={100}
                  value={field.metrics.min ?? ''}
                  onChange={(v) =>
                    patch(index, {
                      metrics: { ...field.metrics, min: typeof v === 'number' ? v : null },
                    })
                  }
                />
                <NumberInput
                  label="Highest"
                  w={100}
                  value={field.metrics.max ?? ''}
                  onChange={(v) =>
                    patch(index, {
                      metrics: { ...field.metrics, max: typeof v === 'number' ? v : null },
                    })
                  }
                />
              </>
            ) : null}
            <Switch
              label="Off"
              checked={field.disabled}
              onChange={(e) => patch(index, { disabled: e.currentTarget.checked })}
              mb={8}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${field.title || 'field'}`}
              mb={6}
              disabled={field.locked}
              onClick={() => setFields((all) => all.filter((_, i) => i !== index))}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              setFields((all) => [
                ...all,
                {
                  id: crypto.randomUUID(),
                  defaultKey: null,
                  title: '',
                  type: 'text',
                  locked: false,
                  disabled: false,
                  global: true,
                  specifications: { options: [] },
                  metrics: { min: null, max: null },
                },
              ])
            }
          >
            Add a field
          </Button>
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() => save.mutate({ globalFields: fields })}
          >
            Save fields
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CanvasTemplatesCard(props: { settings: WorkspaceSettings }) {
  const save = useSave(props.settings.id);
  const [state, setState] = useState(props.settings.canvasTemplates);
  useEffect(() => setState(props.settings.canvasTemplates), [props.settings.canvasTemplates]);
  const patch = (index: number, change: Partial<CanvasTemplate>) =>
    setState((s) => ({
      ...s,
      templates: s.templates.map((t, i) => (i === index ? { ...t, ...change } : t)),
    }));
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5">
        Canvas templates
      </Title>
      <Text size="sm" c="dimmed">
        Section names new projects start with. Protected templates cannot be removed.
      </Text>
      <Stack gap="md" mt="sm" data-testid="canvas-templates">
        {state.templates.map((template, index) => (
          <Card key={template.id} withBorder padding="sm">
            <Group align="end">
              <TextInput
                label="Template name"
                value={template.name}
                onChange={(e) => patch(index, { name: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <Switch
                label="Protected"
                checked={template.protected}
                onChange={(e) => patch(index, { protected: e.currentTarget.checked })}
                mb={8}
              />
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={template.protected}
                onClick={() =>
                  setState((s) => ({ ...s, templates: s.templates.filter((_, i) => i !== index) }))
                }
              >
                Remove
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
              {CANVAS_SECTIONS.filter((s) => s !== 'unassigned').map((section) => (
                <TextInput
                  key={section}
                  size="xs"
                  label={CANVAS_LABELS.businessModel[section]}
                  value={template.sections[section]?.name ?? ''}
                  placeholder={CANVAS_LABELS.businessModel[section]}
                  onChange={(e) => {
                    const name = e.currentTarget.value;
                    patch(index, { sections: { ...template.sections, [section]: { name } } });
                  }}
                />
              ))}
            </SimpleGrid>
          </Card>
        ))}
        <Group align="end">
          <Select
            label="Default template"
            w={260}
            data={state.templates.map((t) => ({ value: t.id, label: t.name || 'Untitled' }))}
            value={state.defaultTemplateId}
            onChange={(defaultTemplateId) => setState((s) => ({ ...s, defaultTemplateId }))}
            clearable
          />
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              setState((s) => ({
                ...s,
                templates: [
                  ...s.templates,
                  { id: crypto.randomUUID(), name: 'New template', protected: false, sections: {} },
                ],
              }))
            }
          >
            Add a template
          </Button>
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                canvasTemplates: {
                  ...state,
                  // Empty section names fall back to the canvas's own labels.
                  templates: state.templates.map((t) => ({
                    ...t,
                    sections: Object.fromEntries(
                      Object.entries(t.sections).filter(([, v]) => v?.name.trim()),
                    ),
                  })),
                },
              })
            }
          >
            Save templates
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function AgentCard(props: { settings: WorkspaceSettings }) {
  const save = useSave(props.settings.id);
  const [context, setContext] = useState(props.settings.globalContext.context);
  useEffect(
    () => setContext(props.settings.globalContext.context),
    [props.settings.globalContext.context],
  );
  const hasContext = props.settings.features.includes('organizationContext');
  const hasPrompts = props.settings.features.includes('customAgentPrompts');
  const limits = useGenerationLimits();
  const usage = limits.data ? (
    <Text size="sm" c="dimmed" data-testid="agent-usage">
      {limits.data.enabled
        ? `${limitsText(limits.data)} ${limits.data.provider !== 'builtin' ? 'The agent uses the AI model configured on this server.' : 'The agent runs on the built-in generator (no AI model is configured on this server).'}`
        : 'The AI agent is not part of your plan, or it is turned off for your organization.'}
    </Text>
  ) : null;
  if (!hasContext && !hasPrompts) {
    return (
      <Stack gap="xs">
        {usage}
        <LockedFeature feature="organizationContext">
          Tell the AI agent about your organisation once your plan has it.
        </LockedFeature>
      </Stack>
    );
  }
  const prompts = props.settings.promptSettings;
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5">
        AI agent
      </Title>
      {usage}
      {hasContext ? (
        <Stack gap="xs" mt="sm">
          <Textarea
            label="What the agent should know about your organization"
            autosize
            minRows={4}
            maxLength={20000}
            value={context}
            onChange={(e) => setContext(e.currentTarget.value)}
          />
          <Button
            size="xs"
            w="fit-content"
            loading={save.isPending}
            onClick={() =>
              save.mutate({ globalContext: { ...props.settings.globalContext, context } })
            }
          >
            Save context
          </Button>
        </Stack>
      ) : null}
      {hasPrompts ? (
        <Group mt="md">
          <Switch
            label="Custom prompts for projects"
            checked={prompts.project.enabled}
            onChange={(e) =>
              save.mutate({
                promptSettings: {
                  ...prompts,
                  project: { ...prompts.project, enabled: e.currentTarget.checked },
                } as WorkspaceSettings['promptSettings'],
              })
            }
          />
          <Switch
            label="Custom prompts for the portfolio"
            checked={prompts.portfolio.enabled}
            onChange={(e) =>
              save.mutate({
                promptSettings: {
                  ...prompts,
                  portfolio: { ...prompts.portfolio, enabled: e.currentTarget.checked },
                } as WorkspaceSettings['promptSettings'],
              })
            }
          />
        </Group>
      ) : null}
      {hasPrompts ? (
        <Stack gap="md" mt="md">
          {(['project', 'portfolio'] as const).map((scope) => (
            <PromptGroupsEditor
              key={scope}
              label={scope === 'project' ? 'Project prompt groups' : 'Portfolio prompt groups'}
              groups={prompts[scope].groups}
              saving={save.isPending}
              onSave={(groups) =>
                save.mutate({
                  promptSettings: {
                    ...prompts,
                    [scope]: { ...prompts[scope], groups },
                  } as WorkspaceSettings['promptSettings'],
                })
              }
            />
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}

export function WorkspacePage() {
  const settings = useWorkspaceSettings();
  return (
    <SettingsLayout>
      {settings.data ? (
        <Stack gap="md">
          <GlobalFieldsCard settings={settings.data} />
          <CanvasTemplatesCard settings={settings.data} />
          <AgentCard settings={settings.data} />
        </Stack>
      ) : null}
    </SettingsLayout>
  );
}
