// The console's one date control: DD-MMM-YYYY shown and typed (an ISO date too), a day that is not
// one going back to the day in force, the calendar fetched when opened and picking a day, and a
// clearable field emptied.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './DateField';

function Field({ initial, clearable, onChange }: { initial: string; clearable?: boolean; onChange(iso: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        id="start"
        label="Start Date"
        value={value}
        clearable={clearable}
        onChange={(iso) => {
          setValue(iso);
          onChange(iso);
        }}
      />
      <output aria-label="Value">{value}</output>
      <input aria-label="Next field" />
    </>
  );
}

function renderField(initial = '2026-11-01', clearable = false) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Field initial={initial} clearable={clearable} onChange={onChange} />);
  return { user, onChange, field: screen.getByLabelText('Start Date') as HTMLInputElement };
}

describe('DateField', () => {
  it('shows the day as DD-MMM-YYYY and takes a typed one, in any case or as an ISO date', async () => {
    const { user, onChange, field } = renderField();
    expect(field).toHaveValue('01-Nov-2026');
    await user.clear(field);
    await user.type(field, '15-oct-2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-10-15');
    await user.tab();
    expect(field).toHaveValue('15-Oct-2026');
    await user.clear(field);
    await user.type(field, '2026-09-30{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-09-30');
    expect(field).toHaveValue('30-Sep-2026');
  });

  it('never takes what is not a day: 31-Feb or letters go back to the day in force', async () => {
    const { user, onChange, field } = renderField();
    await user.clear(field);
    await user.type(field, '31-Feb-2026');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(field).toHaveValue('01-Nov-2026');
    expect(onChange).not.toHaveBeenCalled();
    // A grid's dates cannot be emptied.
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue('01-Nov-2026');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('opens a calendar from its button, and a picked day fills the field', async () => {
    const { user, onChange, field } = renderField();
    await user.click(screen.getByRole('button', { name: 'Start Date: choose in a calendar' }));
    await screen.findByText('November 2026', {}, { timeout: 5000 });
    await user.click(screen.getByRole('gridcell', { name: '10' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-10');
    expect(field).toHaveValue('10-Nov-2026');
    await waitFor(() => expect(screen.queryByText('November 2026')).not.toBeInTheDocument());
  });

  it('is emptied when it may be', async () => {
    const { user, onChange, field } = renderField('2026-11-01', true);
    await user.clear(field);
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.tab();
    expect(field).toHaveValue('');
    expect(screen.getByLabelText('Value')).toHaveTextContent('');
  });
});
