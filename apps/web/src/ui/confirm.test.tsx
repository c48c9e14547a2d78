import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@assay/domain';
import { renderWithProviders } from '../test/render.tsx';
import { openConfirm } from './confirm.tsx';

describe('confirm modal', () => {
  it('confirms, and Escape closes an ordinary confirmation', async () => {
    renderWithProviders(<div />);
    const onConfirm = vi.fn();
    act(() => {
      openConfirm({
        title: 'Delete project',
        message: MESSAGES.deleteConfirm,
        confirmLabel: 'Delete',
        onConfirm,
      });
    });
    expect(await screen.findByText(MESSAGES.deleteConfirm)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText(MESSAGES.deleteConfirm)).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();

    act(() => {
      openConfirm({
        title: 'Delete project',
        message: 'Again?',
        confirmLabel: 'Delete',
        onConfirm,
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('ignores Escape for Publish Draft', async () => {
    renderWithProviders(<div />);
    act(() => {
      openConfirm({ title: 'Publish Draft', message: 'Publish this draft?', publishDraft: true });
    });
    expect(await screen.findByText('Publish this draft?')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByText('Publish this draft?')).toBeTruthy();
  });
});
