/**
 * Bringing a project in (#29): an export zip from any Assay organisation becomes a new project
 * here, then its canvas opens. A file that is not one says why.
 */
import { FileButton, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toApiError } from '../../../api/errors.ts';
import { restRequest } from '../../../api/rest.ts';
import { showAlert } from '../../../ui/alerts.ts';

interface Imported {
  projectId: string;
  name: string;
  cards: number;
  connections: number;
  files: number;
}

export function ImportProjectButton(props: { label: string }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const take = (file: File | null) => {
    if (!file) return;
    setBusy(true);
    restRequest<Imported>('/api/proj/projects/import', {
      method: 'POST',
      // Sent as a zip whatever the browser called it.
      body: new Blob([file], { type: 'application/zip' }),
    })
      .then(async (made) => {
        showAlert({
          type: 'success',
          message: `“${made.name}” came in with ${made.cards} cards, ${made.connections} connections and ${made.files} files.`,
        });
        await queryClient.invalidateQueries({ queryKey: ['projects'] });
        await queryClient.invalidateQueries({ queryKey: ['side-navigation'] });
        void queryClient.invalidateQueries({ queryKey: ['getting-started'] });
        void navigate(`/workspace/${made.projectId}/canvas/business`);
      })
      .catch((error: unknown) => showAlert({ type: 'warning', message: toApiError(error).message }))
      .finally(() => setBusy(false));
  };
  return (
    <FileButton onChange={take} accept=".zip,application/zip">
      {(button) => (
        <Button {...button} variant="default" loading={busy}>
          {props.label}
        </Button>
      )}
    </FileButton>
  );
}
