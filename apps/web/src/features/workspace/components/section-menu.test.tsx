import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../app/app.tsx';
import { SectionMenu } from './section-menu.tsx';

describe("a section's menu", () => {
  it('draws no menu until its button is used, then opens with its items at once', async () => {
    const rename = vi.fn();
    const hide = vi.fn();
    // Mantine's test mode: its menus open without their transition (jsdom runs none).
    render(
      <MantineProvider theme={theme} env="test">
        <SectionMenu
          name="Channels"
          items={[
            { label: 'Rename', onClick: rename },
            { label: 'Hide', onClick: hide, color: 'red' },
          ]}
        />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Channels options' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    // Before the first use: a plain button, no menu behind it.
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.querySelector('[aria-controls]')).toBeNull();
    fireEvent.click(button);
    // One click both draws it and opens it.
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Rename', 'Hide']),
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Hide' }));
    expect(hide).toHaveBeenCalledTimes(1);
    expect(rename).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Drawn once, it stays: the next click opens it as Mantine's own target.
    fireEvent.click(screen.getByRole('button', { name: 'Channels options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledTimes(1);
  });
});
