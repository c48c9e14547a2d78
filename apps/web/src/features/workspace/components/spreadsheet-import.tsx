/**
 * Hypotheses and evidence from a spreadsheet (#29 item 3): a CSV is chosen, its columns are
 * matched to the card's fields (guessed from its header, changeable), every row is previewed with
 * its errors — all read and checked by the server without writing — and then it comes in at once.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NativeSelect,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CANVAS_LABELS,
  SHEET_CARD_TYPE_LABELS,
  SHEET_CARD_TYPES,
  SHEET_FIELD_LABELS,
  SHEET_FIELDS,
  type CanvasSection,
  type CanvasType,
  type SheetCardType,
  type SheetImportAnswer,
  type SheetMapping,
} from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { restRequest } from '../../../api/rest.ts';
import { showAlert } from '../../../ui/alerts.ts';

export interface SheetFile {
  name: string;
  text: string;
}

const TYPE_NAMES: Record<SheetCardType, string> = {
  hypothesis: 'Hypothesis',
  interview: 'Interview',
  post: 'Post',
  evidenceOther: 'Evidence',
};

function send(
  projectId: string,
  file: SheetFile,
  choice: { defaultType: SheetCardType; mapping: SheetMapping | null },
  options: { dryRun?: boolean; skipInvalid?: boolean },
) {
  return restRequest<SheetImportAnswer>(`/api/canvas/projects/${projectId}/spreadsheet-import`, {
    method: 'POST',
    body: { filename: file.name, text: file.text, ...choice, ...options },
  });
}

export function SpreadsheetImportModal(props: {
  projectId: string;
  canvasType: CanvasType;
  file: SheetFile;
  /** The types this member may add. */
  types: SheetCardType[];
  onClose: () => void;
}) {
  const { projectId, file } = props;
  const queryClient = useQueryClient();
  const [defaultType, setDefaultType] = useState<SheetCardType>(props.types[0] ?? 'hypothesis');
  const [mapping, setMapping] = useState<SheetMapping | null>(null);
  const [skip, setSkip] = useState(false);
  const [busy, setBusy] = useState(false);
  const preview = useQuery({
    queryKey: ['spreadsheet-preview', projectId, file, defaultType, mapping],
    queryFn: () => send(projectId, file, { defaultType, mapping }, { dryRun: true }),
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
  const answer = preview.data;
  const shown = mapping ?? answer?.mapping ?? null;
  const errors = answer?.errors ?? [];
  const ready = answer?.ready ?? 0;
  const blocked = ready === 0 || (errors.length > 0 && !skip) || preview.isFetching;

  const choose = (field: (typeof SHEET_FIELDS)[number], value: string) => {
    if (!shown) return;
    setMapping({ ...shown, [field]: value === '' ? null : Number(value) });
  };

  const importRows = () => {
    setBusy(true);
    send(projectId, file, { defaultType, mapping: shown }, { skipInvalid: skip })
      .then(async (done) => {
        if (done.imported === 0) {
          showAlert({ type: 'warning', message: done.errors[0] ?? 'Nothing came in.' });
          return;
        }
        showAlert({
          type: 'success',
          message:
            done.drafts > 0
              ? `${done.imported} cards came in from ${file.name}, ${done.drafts} of them as your drafts.`
              : `${done.imported} cards came in from ${file.name}.`,
        });
        await Promise.all(
          ['canvas', 'board', 'card-lists'].map((key) =>
            queryClient.invalidateQueries({ queryKey: [key, projectId] }),
          ),
        );
        props.onClose();
      })
      .catch((error: unknown) => showAlert({ type: 'warning', message: toApiError(error).message }))
      .finally(() => setBusy(false));
  };

  const sectionName = (section: string) =>
    CANVAS_LABELS[props.canvasType][section as CanvasSection] ?? section;

  return (
    <Modal opened onClose={props.onClose} title={`Import ${file.name}`} size="xl">
      <Stack gap="md">
        <NativeSelect
          label="Rows without a type are"
          value={defaultType}
          onChange={(e) => setDefaultType(e.currentTarget.value as SheetCardType)}
          data={SHEET_CARD_TYPES.filter((t) => props.types.includes(t)).map((t) => ({
            value: t,
            label: SHEET_CARD_TYPE_LABELS[t],
          }))}
        />
        {preview.isError ? (
          <Alert color="red" data-testid="spreadsheet-refused">
            {toApiError(preview.error).message}
          </Alert>
        ) : null}
        {answer && shown ? (
          <>
            <Text size="sm">
              Which column holds what: guessed from the first row, change any of them.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" data-testid="column-mapping">
              {SHEET_FIELDS.map((field) => (
                <NativeSelect
                  key={field}
                  label={SHEET_FIELD_LABELS[field]}
                  value={shown[field] === null ? '' : String(shown[field])}
                  onChange={(e) => choose(field, e.currentTarget.value)}
                  data={[
                    { value: '', label: 'Not in the file' },
                    ...answer.columns.map((column, at) => ({
                      value: String(at),
                      label: column || `Column ${at + 1}`,
                    })),
                  ]}
                />
              ))}
            </SimpleGrid>
            <Text size="sm" data-testid="spreadsheet-counts">
              {answer.rows} rows: {ready} ready
              {answer.drafts > 0 ? ` (${answer.drafts} as drafts)` : ''}
              {errors.length > 0 ? `, ${errors.length} with errors` : ''}.
            </Text>
            {answer.preview.length > 0 ? (
              <ScrollArea.Autosize mah={260}>
                <Table striped withTableBorder data-testid="spreadsheet-preview">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th>Title</Table.Th>
                      <Table.Th>Where</Table.Th>
                      <Table.Th>Comes in as</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.preview.map((row) => (
                      <Table.Tr key={row.row}>
                        <Table.Td>{row.row}</Table.Td>
                        <Table.Td>{TYPE_NAMES[row.type]}</Table.Td>
                        <Table.Td>{row.title}</Table.Td>
                        <Table.Td>
                          {row.type === 'hypothesis'
                            ? sectionName(row.section)
                            : [row.interviewee, row.date].filter(Boolean).join(', ') || 'Evidence'}
                        </Table.Td>
                        <Table.Td>
                          {row.draftReason ? `A draft: ${row.draftReason}` : 'Published'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            ) : null}
            {errors.length > 0 ? (
              <Alert color="red" title="Rows with errors" data-testid="spreadsheet-errors">
                <ScrollArea.Autosize mah={160}>
                  <List size="sm">
                    {errors.map((error) => (
                      <List.Item key={error}>{error}</List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              </Alert>
            ) : null}
            {errors.length > 0 && ready > 0 ? (
              <Checkbox
                label="Leave the rows with errors out"
                checked={skip}
                onChange={(e) => setSkip(e.currentTarget.checked)}
              />
            ) : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={importRows} disabled={blocked} loading={busy}>
            {ready === 1 ? 'Import 1 card' : `Import ${ready} cards`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
