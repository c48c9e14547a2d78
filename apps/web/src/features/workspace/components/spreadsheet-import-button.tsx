/** The workspace's "Import a CSV": the file is read here, the mapping screen loads when needed. */
import { Button, FileButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import {
  CANVAS_TYPES,
  CSV_MESSAGES,
  isCsvFile,
  type CanvasType,
  type SheetCardType,
} from '@assay/domain';
import { showAlert } from '../../../ui/alerts.ts';
import type { SheetFile } from './spreadsheet-import.tsx';

const SpreadsheetImportModal = lazy(() =>
  import('./spreadsheet-import.tsx').then((m) => ({ default: m.SpreadsheetImportModal })),
);

export function SpreadsheetImportButton(props: {
  projectId: string;
  /** The project's canvas kind, for the sections' names. */
  canvasType: string;
  abilities: { createCards?: boolean; createEvidence?: boolean };
}) {
  const [file, setFile] = useState<SheetFile | null>(null);
  const types: SheetCardType[] = [
    ...(props.abilities.createCards ? (['hypothesis'] as const) : []),
    ...(props.abilities.createEvidence ? (['interview', 'post', 'evidenceOther'] as const) : []),
  ];
  if (types.length === 0) return null;
  const take = (chosen: File | null) => {
    if (!chosen) return;
    if (!isCsvFile(chosen)) {
      showAlert({ type: 'warning', message: CSV_MESSAGES.onlyCsv });
      return;
    }
    void chosen.text().then((text) => setFile({ name: chosen.name, text }));
  };
  return (
    <>
      <FileButton onChange={take} accept=".csv,text/csv">
        {(button) => (
          <Button {...button} variant="subtle" size="xs">
            Import a CSV
          </Button>
        )}
      </FileButton>
      {file ? (
        <Suspense fallback={null}>
          <SpreadsheetImportModal
            projectId={props.projectId}
            canvasType={
              (CANVAS_TYPES as readonly string[]).includes(props.canvasType)
                ? (props.canvasType as CanvasType)
                : 'businessModel'
            }
            file={file}
            types={types}
            onClose={() => setFile(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
