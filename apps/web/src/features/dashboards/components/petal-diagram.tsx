/**
 * The petal diagram: the project in the middle, a petal for each category of alternatives and
 * competitors around it. Categories and companies are edited by hand (the petal and edit-petal-
 * company modals); the agent's untouched categories can be regenerated, never a person's.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import type { PetalCategory, PetalCompany } from '@assay/domain';
import {
  petalChanges,
  type CompanyInput,
  type PetalInput,
  type ProjectDashboard,
} from '../api/dashboard.ts';

const COLORS = [
  '#4dabf7',
  '#69db7c',
  '#ffa94d',
  '#da77f2',
  '#ff8787',
  '#3bc9db',
  '#ffd43b',
  '#a9e34b',
];

/** A petal's label on at most two short lines. */
function lines(title: string, width = 14): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of title.split(/\s+/)) {
    if ((current + ' ' + word).trim().length > width && current) {
      out.push(current);
      current = word;
    } else current = (current + ' ' + word).trim();
  }
  if (current) out.push(current);
  if (out.length > 2) return [out[0]!, `${out[1]!.slice(0, width - 1)}…`];
  return out.map((l) => (l.length > width + 2 ? `${l.slice(0, width)}…` : l));
}

function PetalSvg(props: { name: string; categories: PetalCategory[] }) {
  const n = Math.max(props.categories.length, 1);
  const size = 320;
  const c = size / 2;
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width="100%"
      style={{ maxWidth: 360 }}
      role="img"
      aria-label="Petal diagram"
    >
      {props.categories.map((cat, i) => {
        const angle = (360 / n) * i - 90;
        const rad = (angle * Math.PI) / 180;
        const lx = c + Math.cos(rad) * 100;
        const ly = c + Math.sin(rad) * 100;
        return (
          <g key={cat.id}>
            <ellipse
              cx={c + Math.cos(rad) * 85}
              cy={c + Math.sin(rad) * 85}
              rx={70}
              ry={n > 4 ? 34 : 44}
              transform={`rotate(${angle} ${c + Math.cos(rad) * 85} ${c + Math.sin(rad) * 85})`}
              fill={COLORS[i % COLORS.length]}
              fillOpacity={0.45}
              stroke={COLORS[i % COLORS.length]}
            />
            {lines(cat.title).map((line, k, all) => (
              <text
                key={k}
                x={lx}
                y={ly + (k - (all.length - 1) / 2) * 12}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize={10}
                fontWeight={600}
              >
                {line}
              </text>
            ))}
            <text x={lx} y={ly + 22} textAnchor="middle" fontSize={9} fill="#495057">
              {cat.companies.length} {cat.companies.length === 1 ? 'company' : 'companies'}
            </text>
          </g>
        );
      })}
      <circle cx={c} cy={c} r={44} fill="white" stroke="#228be6" strokeWidth={2} />
      <text
        x={c}
        y={c}
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize={12}
        fontWeight={700}
      >
        {props.name.length > 14 ? `${props.name.slice(0, 13)}…` : props.name}
      </text>
    </svg>
  );
}

/**
 * The frame both dashboard modals share: the form's save closes the modal, a refusal shows on the
 * named field, and the footer has Cancel and Save (and Remove where there is something to remove).
 */
function SaveModal<T extends Record<string, unknown>>(props: {
  title: string;
  opened: boolean;
  onClose: () => void;
  form: UseFormReturnType<T>;
  errorField: keyof T & string;
  onSave: (input: T) => Promise<unknown>;
  onRemove?: (() => Promise<unknown>) | undefined;
  children: ReactNode;
}) {
  const { form } = props;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form
        onSubmit={form.onSubmit(
          (v) =>
            void props
              .onSave(v)
              .then(props.onClose)
              .catch((e: Error) => form.setFieldError(props.errorField, e.message)),
        )}
        noValidate
      >
        <Stack gap="sm">
          {props.children}
          <Group justify="end">
            {props.onRemove ? (
              <Button
                color="red"
                variant="subtle"
                mr="auto"
                onClick={() => void props.onRemove?.().then(props.onClose)}
              >
                Remove
              </Button>
            ) : null}
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PetalModal(props: {
  initial: PetalCategory | null;
  opened: boolean;
  onClose: () => void;
  onSave: (input: PetalInput) => Promise<unknown>;
}) {
  const form = useForm<PetalInput>({
    initialValues: {
      title: props.initial?.title ?? '',
      description: props.initial?.description ?? '',
      marketAnalysis: props.initial?.marketAnalysis ?? '',
      value: props.initial?.value ?? '',
    },
    validate: { title: (v) => (v.trim() ? null : 'Give the category a title.') },
  });
  return (
    <SaveModal
      title={props.initial ? 'Edit petal' : 'New petal'}
      opened={props.opened}
      onClose={props.onClose}
      form={form}
      errorField="title"
      onSave={props.onSave}
    >
      <TextInput label="Category" required maxLength={120} {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <Textarea
        label="Market analysis"
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('marketAnalysis')}
      />
      <TextInput label="Value they offer" maxLength={500} {...form.getInputProps('value')} />
    </SaveModal>
  );
}

function CompanyModal(props: {
  initial: PetalCompany | null;
  opened: boolean;
  onClose: () => void;
  onSave: (input: CompanyInput) => Promise<unknown>;
  onRemove?: (() => Promise<unknown>) | undefined;
}) {
  const form = useForm<CompanyInput>({
    initialValues: {
      name: props.initial?.name ?? '',
      description: props.initial?.description ?? '',
      link: props.initial?.link ?? '',
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Give the company a name.'),
      link: (v) =>
        v.trim() === '' || /^https?:\/\/\S+$/i.test(v.trim()) ? null : 'Please enter a valid URL.',
    },
  });
  return (
    <SaveModal
      title={props.initial ? 'Edit petal company' : 'Add a company'}
      opened={props.opened}
      onClose={props.onClose}
      form={form}
      errorField="name"
      onSave={props.onSave}
      onRemove={props.onRemove}
    >
      <TextInput label="Name" required maxLength={120} {...form.getInputProps('name')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={1000}
        {...form.getInputProps('description')}
      />
      <TextInput
        label="Link"
        placeholder="https://"
        maxLength={500}
        {...form.getInputProps('link')}
      />
    </SaveModal>
  );
}

export function PetalDiagramSection(props: {
  data: ProjectDashboard;
  save: (run: () => Promise<ProjectDashboard>) => Promise<unknown>;
  regenerate?: { label: string; busy: boolean; onClick: () => void } | undefined;
}) {
  const { data } = props;
  const projectId = data.project.id;
  const editable = data.abilities.edit;
  const [petal, setPetal] = useState<{ initial: PetalCategory | null } | null>(null);
  const [company, setCompany] = useState<{
    petal: PetalCategory;
    initial: PetalCompany | null;
  } | null>(null);
  const categories = data.petal.categories;
  return (
    <Paper withBorder p="md" radius="md" data-testid="petal-diagram">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Petal diagram</Title>
        <Group gap="xs">
          {props.regenerate ? (
            <Button
              size="xs"
              variant="light"
              loading={props.regenerate.busy}
              onClick={props.regenerate.onClick}
            >
              {props.regenerate.label}
            </Button>
          ) : null}
          {editable ? (
            <Button size="xs" variant="default" onClick={() => setPetal({ initial: null })}>
              Add a petal
            </Button>
          ) : null}
        </Group>
      </Group>
      {categories.length === 0 ? (
        <Text size="sm" c="dimmed">
          Map the alternatives your customers have: what they do today, direct competitors and
          adjacent tools. Add a petal for each.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <PetalSvg name={data.project.name} categories={categories} />
          <Stack gap="xs">
            {categories.map((cat) => (
              <Paper key={cat.id} withBorder p="xs" radius="sm" data-testid="petal-category">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {cat.title}
                    </Text>
                    {cat.generated ? (
                      <Badge size="xs" variant="light" color="grape">
                        Generated
                      </Badge>
                    ) : null}
                  </Group>
                  {editable ? (
                    <Group gap={2} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setCompany({ petal: cat, initial: null })}
                      >
                        Add company
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setPetal({ initial: cat })}
                      >
                        Edit
                      </Button>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${cat.title}`}
                        onClick={() =>
                          void props.save(() => petalChanges.remove(projectId, cat.id))
                        }
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Group>
                {cat.description ? <Text size="xs">{cat.description}</Text> : null}
                {cat.marketAnalysis ? (
                  <Text size="xs" c="dimmed">
                    {cat.marketAnalysis}
                  </Text>
                ) : null}
                {cat.value ? <Text size="xs">Value: {cat.value}</Text> : null}
                {cat.companies.length ? (
                  <Group gap={6} mt={4}>
                    {cat.companies.map((co) => (
                      <Badge
                        key={co.id}
                        variant="outline"
                        style={{ cursor: editable ? 'pointer' : undefined, textTransform: 'none' }}
                        onClick={
                          editable ? () => setCompany({ petal: cat, initial: co }) : undefined
                        }
                        rightSection={
                          co.link ? (
                            <Anchor
                              href={co.link}
                              target="_blank"
                              rel="noreferrer"
                              size="xs"
                              onClick={(e) => e.stopPropagation()}
                            >
                              ↗
                            </Anchor>
                          ) : null
                        }
                      >
                        {co.name}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
              </Paper>
            ))}
          </Stack>
        </SimpleGrid>
      )}
      {petal ? (
        <PetalModal
          key={petal.initial?.id ?? 'new'}
          opened
          initial={petal.initial}
          onClose={() => setPetal(null)}
          onSave={(input) =>
            props.save(() =>
              petal.initial
                ? petalChanges.update(projectId, petal.initial.id, input)
                : petalChanges.create(projectId, input),
            )
          }
        />
      ) : null}
      {company ? (
        <CompanyModal
          key={company.initial?.id ?? 'new'}
          opened
          initial={company.initial}
          onClose={() => setCompany(null)}
          onSave={(input) =>
            props.save(() =>
              company.initial
                ? petalChanges.updateCompany(projectId, company.petal.id, company.initial.id, input)
                : petalChanges.createCompany(projectId, company.petal.id, input),
            )
          }
          onRemove={
            company.initial
              ? () =>
                  props.save(() =>
                    petalChanges.removeCompany(projectId, company.petal.id, company.initial!.id),
                  )
              : undefined
          }
        />
      ) : null}
    </Paper>
  );
}
