import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { LinksField, MoneyField, StatementField } from './dashboard-fields.tsx';

function fields(editable: boolean) {
  renderWithProviders(
    <>
      <MoneyField label="Total" value={1250000} editable={editable} onSave={vi.fn()} />
      <MoneyField label="Served" value={null} editable={editable} onSave={vi.fn()} />
      <StatementField
        label="Notes"
        value="Three towns first."
        editable={editable}
        onSave={vi.fn()}
      />
      <LinksField
        value={['https://example.org/market-report']}
        editable={editable}
        onSave={vi.fn()}
      />
    </>,
  );
}

describe("the dashboard's market and investment fields", () => {
  it('are text for a reader who cannot change them: no inputs', () => {
    fields(false);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    const values = screen.getAllByTestId('dashboard-value').map((v) => v.textContent);
    expect(values).toEqual([
      'Total$1,250,000',
      'ServedNot given yet.',
      'NotesThree towns first.',
      'Linkshttps://example.org/market-report',
    ]);
    expect(screen.getByRole('link', { name: 'https://example.org/market-report' })).toHaveProperty(
      'href',
      'https://example.org/market-report',
    );
  });

  it('are inputs for an editor', () => {
    fields(true);
    expect(screen.queryAllByTestId('dashboard-value')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Total' })).toHaveProperty('value', '$1,250,000');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveProperty(
      'value',
      'Three towns first.',
    );
    expect(screen.getByLabelText('Links', { selector: 'input' })).toBeDefined();
  });
});
