import { Loader } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';

describe('a loader', () => {
  it('is a status named by what is loading (a name on an element without a role is prohibited)', () => {
    renderWithProviders(<Loader aria-label="Loading dashboard" />);
    expect(screen.getByRole('status', { name: 'Loading dashboard' })).toBeTruthy();
  });
});
