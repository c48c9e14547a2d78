import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PromptGroupsEditor } from './prompt-groups.tsx';

describe('prompt groups editor', () => {
  it('adds a group with a prompt and saves it; saving waits until every title and text is there', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <PromptGroupsEditor
        label="Project prompt groups"
        groups={[]}
        saving={false}
        onSave={onSave}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    const save = screen.getByRole('button', { name: 'Save prompts' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'Discovery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add prompt' }));
    fireEvent.change(screen.getByLabelText('Prompt title'), {
      target: { value: 'Interview plan' },
    });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Prompt'), {
      target: { value: 'Draft five open questions.' },
    });
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith([
      expect.objectContaining({
        title: 'Discovery',
        enabled: true,
        prompts: [
          expect.objectContaining({
            title: 'Interview plan',
            prompt: 'Draft five open questions.',
          }),
        ],
      }),
    ]);
  });
});
