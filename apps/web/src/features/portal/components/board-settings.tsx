/**
 * Running the board (project owners and admins): name, link, share setting, image and deletion;
 * categories (name, colour, order) and roadmap sections (name, colour, default, protected, order).
 */
import {
  ActionIcon,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  ERRORS,
  PORTAL_COLORS,
  PORTAL_LIMITS,
  type PortalColor,
  type ShareSetting,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { portalApi, type PublicBoardState } from '../../../api/portal.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { ImagePicker } from '../../../ui/image-picker.tsx';
import { SHARE_OPTIONS } from './create-board-form.tsx';

const COLOR_OPTIONS = PORTAL_COLORS.map((c) => ({
  value: c,
  label: c[0]?.toUpperCase() + c.slice(1),
}));

const report = (error: unknown) =>
  showAlert({ type: 'warning', message: toApiError(error).message });

/** Moves one item of a list up or down and answers the new order. */
function moved<T>(items: T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

function ColorPicker(props: {
  value: PortalColor;
  label: string;
  onChange: (c: PortalColor) => void;
}) {
  return (
    <Select
      aria-label={props.label}
      data={COLOR_OPTIONS}
      value={props.value}
      onChange={(v) => v && props.onChange(v as PortalColor)}
      allowDeselect={false}
      w={120}
      leftSection={<ColorSwatch color={`var(--mantine-color-${props.value}-6)`} size={14} />}
    />
  );
}

/** A name field that saves on blur or Enter when changed. */
function NameField(props: {
  value: string;
  label: string;
  max: number;
  onSave: (v: string) => void;
}) {
  const [value, setValue] = useState(props.value);
  const save = () => {
    if (value.trim() && value !== props.value) props.onSave(value.trim());
    else setValue(props.value);
  };
  return (
    <TextInput
      aria-label={props.label}
      value={value}
      maxLength={props.max}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
      }}
    />
  );
}

function OrderButtons(props: {
  name: string;
  first: boolean;
  last: boolean;
  move: (by: -1 | 1) => void;
}) {
  return (
    <Group gap={2}>
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${props.name} up`}
        disabled={props.first}
        onClick={() => props.move(-1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${props.name} down`}
        disabled={props.last}
        onClick={() => props.move(1)}
      >
        ↓
      </ActionIcon>
    </Group>
  );
}

/** The name field and button that add a category or a section. */
function NewItemRow(props: {
  kind: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  onAdd: () => void;
}) {
  return (
    <Group gap="xs">
      <TextInput
        aria-label={`New ${props.kind} name`}
        placeholder={`New ${props.kind}`}
        value={props.value}
        maxLength={props.max}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') props.onAdd();
        }}
        style={{ flex: 1 }}
      />
      <Button size="xs" variant="default" onClick={props.onAdd} disabled={!props.value.trim()}>
        Add {props.kind}
      </Button>
    </Group>
  );
}

function Panel(props: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}

export function BoardDetails(props: { state: PublicBoardState }) {
  const client = useQueryClient();
  const { board } = props.state;
  const projectId = board.projectId;
  const [name, setName] = useState(board.name);
  const [link, setLink] = useState(board.link);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = (patch: { name?: string; link?: string; shareSetting?: ShareSetting }) => {
    setSaving(true);
    setLinkError(null);
    portalApi
      .updateBoard(client, projectId, { boardId: board.id, ...patch })
      .then(() => showAlert({ type: 'success', message: 'The portal has been updated.' }))
      .catch((error: unknown) => {
        const apiError = toApiError(error);
        if (apiError.ref === ERRORS.publicLinkInUse.ref) setLinkError(apiError.message);
        else report(error);
      })
      .finally(() => setSaving(false));
  };
  const remove = () =>
    openConfirm({
      title: 'Delete the public portal?',
      message:
        'Visitors lose the portal at once; its categories, sections and public cards are deleted. The hypotheses stay in the project.',
      confirmLabel: 'Delete portal',
      danger: true,
      onConfirm: () => void portalApi.deleteBoard(client, projectId, board.id).catch(report),
    });
  return (
    <Panel title="Portal">
      <ImagePicker
        image={board.image}
        label="Portal image"
        fallback={board.name.slice(0, 2).toUpperCase()}
        upload={(file, onProgress) =>
          portalApi.uploadBoardImage(client, projectId, board.id, file, onProgress)
        }
        remove={() =>
          board.imageMediaId
            ? portalApi.removeBoardImage(client, projectId, board.id, board.imageMediaId)
            : Promise.resolve()
        }
      />
      <TextInput
        label="Portal name"
        value={name}
        maxLength={PORTAL_LIMITS.boardName}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <TextInput
        label="Link"
        value={link}
        error={linkError}
        description={`${window.location.origin}/portal/${link}`}
        onChange={(e) => setLink(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button
          size="xs"
          loading={saving}
          disabled={name === board.name && link === board.link}
          onClick={() => save({ name, link: link.trim().toLowerCase() })}
        >
          Save
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={remove}>
          Delete portal
        </Button>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="board-share-label">
          Who can see it
        </Text>
        <SegmentedControl
          aria-labelledby="board-share-label"
          data={SHARE_OPTIONS}
          value={board.shareSetting}
          onChange={(value) => save({ shareSetting: value as ShareSetting })}
        />
      </Stack>
    </Panel>
  );
}

export function CategoriesEditor(props: { state: PublicBoardState }) {
  const client = useQueryClient();
  const { board, categories } = props.state;
  const projectId = board.projectId;
  const [name, setName] = useState('');
  const add = () => {
    if (!name.trim()) return;
    portalApi
      .createCategory(client, projectId, { boardId: board.id, name: name.trim(), color: 'blue' })
      .then(() => setName(''))
      .catch(report);
  };
  return (
    <Panel title="Categories">
      {categories.map((category, i) => (
        <Stack key={category.id} gap={4} data-testid="portal-category">
          <NameField
            key={category.name}
            label={`Category name: ${category.name}`}
            value={category.name}
            max={PORTAL_LIMITS.categoryName}
            onSave={(v) =>
              void portalApi
                .updateCategory(client, projectId, { categoryId: category.id, name: v })
                .catch(report)
            }
          />
          <Group gap="xs">
            <ColorPicker
              label={`Colour of ${category.name}`}
              value={category.color}
              onChange={(color) =>
                void portalApi
                  .updateCategory(client, projectId, { categoryId: category.id, color })
                  .catch(report)
              }
            />
            <OrderButtons
              name={category.name}
              first={i === 0}
              last={i === categories.length - 1}
              move={(by) =>
                void portalApi
                  .reorderCategories(
                    client,
                    projectId,
                    board.id,
                    moved(categories, i, by).map((c) => c.id),
                  )
                  .catch(report)
              }
            />
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={categories.length === 1}
              onClick={() =>
                openConfirm({
                  title: `Delete ${category.name}?`,
                  message: `Its cards move to ${categories.find((c) => c.id !== category.id)?.name ?? 'another category'}.`,
                  confirmLabel: 'Delete',
                  danger: true,
                  onConfirm: () =>
                    void portalApi.deleteCategory(client, projectId, category.id).catch(report),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      ))}
      <NewItemRow
        kind="category"
        value={name}
        max={PORTAL_LIMITS.categoryName}
        onChange={setName}
        onAdd={add}
      />
    </Panel>
  );
}

export function SectionsEditor(props: { state: PublicBoardState }) {
  const client = useQueryClient();
  const { board, sections } = props.state;
  const projectId = board.projectId;
  const [name, setName] = useState('');
  const update = (
    key: string,
    patch: { name?: string; color?: PortalColor; isDefault?: true; isProtected?: boolean },
  ) =>
    void portalApi
      .updateSection(client, projectId, { boardId: board.id, key, ...patch })
      .catch(report);
  const add = () => {
    if (!name.trim()) return;
    portalApi
      .createSection(client, projectId, { boardId: board.id, name: name.trim(), color: 'gray' })
      .then(() => setName(''))
      .catch(report);
  };
  return (
    <Panel title="Roadmap sections">
      {sections.map((section, i) => (
        <Stack key={section.key} gap={4} data-testid="portal-section-row">
          <NameField
            key={section.name}
            label={`Section name: ${section.name}`}
            value={section.name}
            max={PORTAL_LIMITS.sectionName}
            onSave={(v) => update(section.key, { name: v })}
          />
          <Group gap="xs">
            <ColorPicker
              label={`Colour of ${section.name}`}
              value={section.color}
              onChange={(color) => update(section.key, { color })}
            />
            <Badge variant="outline" color="dark" title="Cards in this section">
              {section.cardTotal}
            </Badge>
            {section.isDefault ? (
              <Badge color="blue">Default</Badge>
            ) : (
              <Tooltip label="New public cards land in the default section">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => update(section.key, { isDefault: true })}
                >
                  Make default
                </Button>
              </Tooltip>
            )}
            <Switch
              size="xs"
              label="Protected"
              checked={section.isProtected}
              disabled={section.isDefault}
              onChange={(e) => update(section.key, { isProtected: e.currentTarget.checked })}
            />
            <OrderButtons
              name={section.name}
              first={i === 0}
              last={i === sections.length - 1}
              move={(by) =>
                void portalApi
                  .reorderSections(
                    client,
                    projectId,
                    board.id,
                    moved(sections, i, by).map((s) => s.key),
                  )
                  .catch(report)
              }
            />
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={section.isProtected}
              onClick={() =>
                openConfirm({
                  title: `Delete ${section.name}?`,
                  message: `Its ${section.cardTotal} cards move to the default section.`,
                  confirmLabel: 'Delete',
                  danger: true,
                  onConfirm: () =>
                    void portalApi
                      .deleteSection(client, projectId, board.id, section.key)
                      .catch(report),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      ))}
      <NewItemRow
        kind="section"
        value={name}
        max={PORTAL_LIMITS.sectionName}
        onChange={setName}
        onAdd={add}
      />
    </Panel>
  );
}
