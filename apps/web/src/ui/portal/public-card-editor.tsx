/**
 * A hypothesis's public card: the draft (title, summary, description, images chosen from the
 * card's own, design-file link), where it sits on the portal (category and section), and
 * publish, unpublish and remove. Visitors see the live copy only; the badge says whether the
 * draft has changes they do not see yet.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  isDesignFileLink,
  PORTAL_MESSAGES,
  portalPaths,
  publicCardContentSchema,
  type PublicCardAction,
  type PublicCardContent,
} from '@assay/domain';
import { toApiError } from '../../api/errors.ts';
import {
  deletePublicCard,
  savePublicCard,
  usePublicBoard,
  usePublicCardOf,
  type PublicCard,
} from '../../api/portal.ts';
import { showAlert } from '../alerts.ts';
import { openConfirm } from '../confirm.tsx';

export interface CardImage {
  id: string;
  filename: string;
  fileType: string;
  thumbUrl: string | null;
  url: string;
}

interface FormValues {
  title: string;
  summary: string;
  description: string;
  images: string[];
  figmaUrl: string;
  figmaName: string;
}

const formValues = (content: PublicCardContent): FormValues => ({
  title: content.title,
  summary: content.summary,
  description: content.description,
  images: content.images,
  figmaUrl: content.figma?.url ?? '',
  figmaName: content.figma?.name ?? '',
});

const contentOf = (values: FormValues): PublicCardContent => ({
  title: values.title,
  summary: values.summary,
  description: values.description,
  images: values.images,
  figma: values.figmaUrl.trim()
    ? { url: values.figmaUrl.trim(), name: values.figmaName.trim() }
    : null,
});

/** The domain rule's message for one field, or null. */
const check =
  (field: 'title' | 'summary' | 'description') =>
  (value: string): string | null => {
    const result = publicCardContentSchema.shape[field].safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };

export function PublicCardEditor(props: {
  cardId: string;
  projectId: string;
  hypothesisTitle: string;
  hypothesisSummary: string;
  images: CardImage[];
}) {
  const of = usePublicCardOf(props.cardId);
  const board = usePublicBoard(props.projectId);
  if (of.isLoading || board.isLoading) return <Text size="sm">Loading the public card…</Text>;
  if (of.error || !of.data || !board.data) {
    return (
      <Alert color="gray" title="No public portal yet">
        {toApiError(of.error ?? board.error).message ||
          'Create the project’s public portal first, then publish this card to it.'}{' '}
        <Anchor href={`/workspace/${props.projectId}/portal`} size="sm">
          Open the portal settings
        </Anchor>
      </Alert>
    );
  }
  return (
    <LoadedEditor
      {...props}
      link={of.data.link}
      canPublish={of.data.canPublish}
      publicCard={of.data.publicCard}
      categories={board.data.categories.map((c) => ({ value: c.id, label: c.name }))}
      sections={board.data.sections.map((s) => ({ value: s.key, label: s.name }))}
    />
  );
}

function LoadedEditor(props: {
  cardId: string;
  hypothesisTitle: string;
  hypothesisSummary: string;
  images: CardImage[];
  link: string;
  canPublish: boolean;
  publicCard: PublicCard | null;
  categories: { value: string; label: string }[];
  sections: { value: string; label: string }[];
}) {
  const client = useQueryClient();
  const { publicCard } = props;
  const [busy, setBusy] = useState<PublicCardAction | 'delete' | null>(null);
  const initial: PublicCardContent = publicCard?.draft ?? {
    title: props.hypothesisTitle,
    summary: props.hypothesisSummary,
    description: '',
    images: [],
    figma: null,
  };
  const form = useForm<FormValues>({
    initialValues: formValues(initial),
    validate: {
      title: check('title'),
      summary: check('summary'),
      description: check('description'),
      figmaUrl: (value) =>
        !value.trim() || isDesignFileLink(value) ? null : PORTAL_MESSAGES.figmaUrl,
    },
  });
  const [categoryId, setCategoryId] = useState(
    publicCard?.categoryId ?? props.categories[0]?.value,
  );
  const [section, setSection] = useState(publicCard?.section);
  const version = publicCard?.version;
  // A newer copy from the server (another tab, a move on the board) replaces the form.
  useEffect(() => {
    if (publicCard) {
      form.setValues(formValues(publicCard.draft));
      form.resetDirty(formValues(publicCard.draft));
      setCategoryId(publicCard.categoryId);
      setSection(publicCard.section);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const images = props.images.filter((m) => m.fileType === 'image');
  const readOnly = !props.canPublish;

  const run = (action: PublicCardAction) =>
    form.onSubmit((values) => {
      setBusy(action);
      savePublicCard(client, {
        cardId: props.cardId,
        ...(version !== undefined ? { version } : {}),
        content: contentOf(values),
        ...(categoryId ? { categoryId } : {}),
        ...(section ? { section } : {}),
        action,
      })
        .then(() =>
          showAlert({
            type: 'success',
            message:
              action === 'publish'
                ? 'Published to the portal.'
                : action === 'unpublish'
                  ? 'Taken off the portal. The draft is kept.'
                  : 'Draft saved.',
          }),
        )
        .catch((error: unknown) =>
          showAlert({ type: 'warning', message: toApiError(error).message }),
        )
        .finally(() => setBusy(null));
    });

  const remove = () =>
    openConfirm({
      title: 'Remove from the portal?',
      message:
        'The public card, its draft and its live copy are removed. The hypothesis itself stays.',
      confirmLabel: 'Remove',
      danger: true,
      onConfirm: () => {
        setBusy('delete');
        deletePublicCard(client, props.cardId)
          .catch((error: unknown) =>
            showAlert({ type: 'warning', message: toApiError(error).message }),
          )
          .finally(() => setBusy(null));
      },
    });

  return (
    <Stack gap="sm" data-testid="public-card-editor">
      <Group gap="xs">
        {publicCard?.isLive ? (
          <Badge color="green">Live on the portal</Badge>
        ) : (
          <Badge color="gray">Not published</Badge>
        )}
        {publicCard?.isLive && publicCard.hasDraftChanges ? (
          <Badge color="yellow" variant="light">
            Draft has unpublished changes
          </Badge>
        ) : null}
        {publicCard?.isLive ? (
          <Anchor
            href={portalPaths.card(props.link, publicCard.categoryId, publicCard.id)}
            target="_blank"
            size="sm"
          >
            View on the portal
          </Anchor>
        ) : null}
      </Group>
      <TextInput
        label="Public title"
        withAsterisk
        disabled={readOnly}
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Summary"
        description="One or two sentences visitors see on the roadmap."
        autosize
        minRows={2}
        disabled={readOnly}
        {...form.getInputProps('summary')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        disabled={readOnly}
        {...form.getInputProps('description')}
      />
      <Group grow>
        <Select
          label="Category"
          data={props.categories}
          value={categoryId ?? null}
          onChange={(value) => setCategoryId(value ?? undefined)}
          allowDeselect={false}
          disabled={readOnly}
        />
        <Select
          label="Roadmap section"
          placeholder="The default section"
          data={props.sections}
          value={section ?? null}
          onChange={(value) => setSection(value ?? undefined)}
          allowDeselect={false}
          disabled={readOnly}
        />
      </Group>
      {images.length > 0 ? (
        <Checkbox.Group label="Images to show" {...form.getInputProps('images')}>
          <SimpleGrid cols={4} mt={4}>
            {images.map((image) => (
              <Stack key={image.id} gap={2} align="center">
                <Image
                  src={image.thumbUrl ?? image.url}
                  alt={image.filename}
                  h={64}
                  w={64}
                  fit="cover"
                  radius="sm"
                />
                <Checkbox value={image.id} label={image.filename} size="xs" disabled={readOnly} />
              </Stack>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      ) : (
        <Text size="xs" c="dimmed">
          Add images to the card to show them on the portal.
        </Text>
      )}
      <Group grow>
        <TextInput
          label="Design-file link"
          placeholder="https://www.figma.com/design/…"
          disabled={readOnly}
          {...form.getInputProps('figmaUrl')}
        />
        <TextInput
          label="Design-file name"
          disabled={readOnly}
          {...form.getInputProps('figmaName')}
        />
      </Group>
      {readOnly ? (
        <Text size="xs" c="dimmed">
          Only people who may edit cards in this project can publish to the portal.
        </Text>
      ) : (
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => run('save')()}
            loading={busy === 'save'}
            disabled={busy !== null}
          >
            Save draft
          </Button>
          <Button
            onClick={() => run('publish')()}
            loading={busy === 'publish'}
            disabled={busy !== null}
          >
            {publicCard?.isLive ? 'Publish changes' : 'Publish'}
          </Button>
          {publicCard?.isLive ? (
            <Button
              variant="light"
              color="orange"
              onClick={() => run('unpublish')()}
              loading={busy === 'unpublish'}
              disabled={busy !== null}
            >
              Unpublish
            </Button>
          ) : null}
          {publicCard ? (
            <Button
              variant="subtle"
              color="red"
              onClick={remove}
              loading={busy === 'delete'}
              disabled={busy !== null}
            >
              Remove from portal
            </Button>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}
