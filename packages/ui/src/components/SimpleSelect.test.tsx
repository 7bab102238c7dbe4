import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FormField } from './Label.js';
import type { SimpleSelect as SimpleSelectType } from './SimpleSelect.js';

// Each test imports a fresh module, so Radix's select is not loaded yet when it starts.
let SimpleSelect: typeof SimpleSelectType;
beforeEach(async () => {
  vi.resetModules();
  ({ SimpleSelect } = await import('./SimpleSelect.js'));
});

const SECTORS = [
  { label: 'All sectors', value: 'all' },
  { label: 'Federal', value: 'federal' },
  { label: 'SLED', value: 'sled' },
];

function Sector() {
  const [sector, setSector] = useState('all');
  return (
    <>
      <FormField label="Sector" id="sector">
        <SimpleSelect options={SECTORS} value={sector} onValueChange={setSector} />
      </FormField>
      <output>{sector}</output>
    </>
  );
}

describe('SimpleSelect', () => {
  it('shows the chosen label before Radix loads, opens on the first press, and a choice reaches onValueChange', async () => {
    const user = userEvent.setup();
    render(<Sector />);
    const before = screen.getByRole('combobox', { name: 'Sector' });
    expect(before).toHaveTextContent('All sectors');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(before);
    await user.click(await screen.findByRole('option', { name: 'Federal' }));

    expect(screen.getByRole('status')).toHaveTextContent('federal');
    expect(screen.getByRole('combobox', { name: 'Sector' })).toHaveTextContent('Federal');
  });

  it('shows the placeholder before Radix loads for an empty value, and opens from the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <SimpleSelect aria-label="Level" placeholder="Select level" options={SECTORS} value="" />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Level' });
    expect(trigger).toHaveTextContent('Select level');
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});
