import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@assay/domain';
import { ApiError } from '../api/errors.ts';
import { renderWithProviders } from '../test/render.tsx';
import { WorkspaceRefusal } from './workspace-refusal.tsx';

function at(error: ApiError) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/workspace/p1/canvas/business']}>
      <Routes>
        <Route
          path="/workspace/:projectId/canvas/business"
          element={<WorkspaceRefusal error={error} projectId="p1" />}
        />
        <Route path="/project-dashboard/:projectId/overview" element={<p>the dashboard</p>} />
        <Route path="/not-found" element={<p>the not-found page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a refused workspace', () => {
  it('takes whoever may not open the workspace to the project dashboard', async () => {
    at(
      new ApiError({
        statusCode: 403,
        kind: 'gateway',
        message: ERRORS.workspaceClosed.message,
        ref: ERRORS.workspaceClosed.ref,
      }),
    );
    expect(await screen.findByText('the dashboard')).toBeTruthy();
  });

  it('takes an unknown project to the not-found page (#48 item 6)', async () => {
    at(new ApiError({ statusCode: 404, kind: 'gateway', message: 'Not here.', ref: 2004 }));
    expect(await screen.findByText('the not-found page')).toBeTruthy();
    expect(screen.queryByText('Not here.')).toBeNull();
  });

  it('shows any other refusal where the page would be', async () => {
    at(new ApiError({ statusCode: 500, kind: 'gateway', message: 'Broken.', ref: 2007 }));
    expect(await screen.findByText('Broken.')).toBeTruthy();
    expect(screen.queryByText('the dashboard')).toBeNull();
  });
});
