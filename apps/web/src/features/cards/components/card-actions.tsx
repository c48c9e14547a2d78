/** Publish, save as template, copy to another project and delete. */
import { Button, Group, Menu, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import {
  copyCardTo,
  createTemplate,
  deleteCard,
  publishCard,
  type CardDetail,
} from '../api/card.ts';
import { useOtherProjects, type CardProject } from '../api/card-project.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';

export function CardActions(props: {
  card: CardDetail;
  project: CardProject | undefined;
  onDeleted: () => void;
}) {
  const { card } = props;
  const { write, refreshViews } = useCardWriter(card.id);
  const [templateOpen, setTemplateOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [templateName, setTemplateName] = useState(card.title);
  const [target, setTarget] = useState<string | null>(null);
  const canCopy = props.project?.abilities.copyCards ?? false;
  const projects = useOtherProjects(copyOpen);

  const fail = (error: unknown) =>
    showAlert({ type: 'warning', message: toApiError(error).message });

  return (
    <Group gap="xs">
      {card.draft && card.abilities.edit ? (
        <Button
          size="xs"
          onClick={() =>
            void write((c) => publishCard(c), { views: true, afterEdits: true }).catch(
              () => undefined,
            )
          }
        >
          Publish
        </Button>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" aria-label="Card actions">
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => setTemplateOpen(true)}
            disabled={!props.project?.abilities.createCards}
          >
            Save as template
          </Menu.Item>
          {canCopy ? (
            <Menu.Item onClick={() => setCopyOpen(true)}>Copy to project</Menu.Item>
          ) : null}
          <Menu.Item
            component="a"
            href={`/api/graph/cards/${card.id}/export?withConnections=true`}
            download
          >
            Export as PDF
          </Menu.Item>
          {card.abilities.delete ? (
            <Menu.Item
              color="red"
              onClick={() =>
                openConfirm({
                  title: 'Delete card',
                  message: MESSAGES.deleteConfirm,
                  confirmLabel: 'Delete',
                  danger: true,
                  onConfirm: () =>
                    void deleteCard(card.id)
                      .then(() => {
                        refreshViews();
                        props.onDeleted();
                      })
                      .catch(fail),
                })
              }
            >
              Delete
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>

      <Modal
        opened={templateOpen}
        onClose={() => setTemplateOpen(false)}
        title="Save as template"
        centered
      >
        <Stack>
          <TextInput
            label="Template name"
            value={templateName}
            maxLength={100}
            onChange={(e) => setTemplateName(e.currentTarget.value)}
          />
          <Button
            onClick={() =>
              void createTemplate(card.id, templateName)
                .then(() => {
                  setTemplateOpen(false);
                  refreshViews();
                  showAlert({ message: 'Template saved', type: 'success' });
                })
                .catch(fail)
            }
          >
            Save template
          </Button>
        </Stack>
      </Modal>
      <Modal
        opened={copyOpen}
        onClose={() => setCopyOpen(false)}
        title="Copy card to project"
        centered
      >
        <Stack>
          <Select
            label="Project"
            data={(projects.data ?? [])
              .filter((p) => p.id !== card.projectId)
              .map((p) => ({ value: p.id, label: p.name }))}
            value={target}
            onChange={setTarget}
          />
          <Button
            disabled={!target}
            onClick={() =>
              target &&
              void copyCardTo(card.id, target)
                .then(() => {
                  setCopyOpen(false);
                  showAlert({ message: 'Card copied', type: 'success' });
                })
                .catch(fail)
            }
          >
            Copy
          </Button>
        </Stack>
      </Modal>
    </Group>
  );
}
