import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { RichTextField } from './rich-text-field.tsx';

describe('the link dialog (part 2 §2.5)', () => {
  it('adds a link with its text, checks the URL, and updates or unlinks a link already there', async () => {
    const saved: string[] = [];
    renderWithProviders(
      <RichTextField
        label="Description"
        title="description"
        projectId="p"
        value="<p>Notes</p>"
        editable
        onSave={(v) => {
          saved.push(v.text);
          return Promise.resolve();
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    expect(dialog.textContent).not.toContain('Unlink');
    fireEvent.change(screen.getByLabelText('Link Text'), { target: { value: 'the report' } });
    fireEvent.change(screen.getByLabelText(/^URL/), { target: { value: 'not a link' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid http or https URL.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^URL/), { target: { value: 'https://example.com/r' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const link = screen.getByRole('link', { name: 'the report' });
    expect(link.getAttribute('href')).toBe('https://example.com/r');

    // With the cursor on it, the dialog updates it, or unlinks it.
    const textbox = screen.getByRole('textbox', { name: 'Description' });
    const range = document.createRange();
    range.setStart(link.firstChild!, 2);
    range.collapse(true);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    fireEvent.focus(textbox);
    document.dispatchEvent(new Event('selectionchange'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Link' }).getAttribute('data-active')).toBe('true'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await screen.findByRole('dialog', { name: 'Update Link' });
    expect((screen.getByLabelText(/^URL/) as HTMLInputElement).value).toBe('https://example.com/r');
    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'the report' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Description' }).textContent).toContain(
      'the report',
    );
    vi.useRealTimers();
  });
});
