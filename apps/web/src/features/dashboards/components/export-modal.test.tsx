import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExportModal } from './export-modal.tsx';

const PROJECT = '7a1c0000-0000-4000-8000-000000000001';

describe('PDF export modal', () => {
  it('builds the dashboard download from the chosen parts, and the canvas one from its option', () => {
    renderWithProviders(<ExportModal projectId={PROJECT} opened onClose={vi.fn()} />);
    const link = () => screen.getByRole('link', { name: 'Download PDF' });
    expect(link().getAttribute('href')).toBe(
      `/api/proj/projects/${PROJECT}/export/dashboard.pdf?statements=1&counts=1&map=1&market=1&lists=1`,
    );
    fireEvent.click(screen.getByLabelText('Market and investment'));
    expect(link().getAttribute('href')).toContain('market=0');
    fireEvent.click(screen.getByLabelText('Assumptions map'));
    expect(link().getAttribute('href')).toContain('map=0');

    fireEvent.click(screen.getByText('Canvas'));
    expect(link().getAttribute('href')).toBe(
      `/api/proj/projects/${PROJECT}/export/canvas.pdf?statuses=1`,
    );
    fireEvent.click(screen.getByLabelText('Show status and result next to each hypothesis'));
    expect(link().getAttribute('href')).toContain('statuses=0');
  });
});
