// The focus goes back to the button that opened a dialog however it closes (issue 34, item 3):
// Cancel, Esc, Discard changes after Esc asked, and a save that closes it (useFormDialog's).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test/renderWithProviders';
import { FormDialog, useFormDialog } from './FormDialog';

const language = z.object({ name: z.string().min(1) });

/** An add dialog as the screens declare one: useFormDialog's form and save. */
function AddLanguage({ onClose }: { onClose(): void }) {
  const { dialog, form } = useFormDialog(language, {
    noun: 'Language',
    values: { name: 'Twi' },
    onClose,
    save: async () => ({ data: { id: 1 } }),
    saving: false,
    saved: () => 'Language added',
  });
  return (
    <FormDialog {...dialog}>
      <input aria-label="Name" value={String(form.values.name)} onChange={(event) => form.set('name', event.target.value)} />
    </FormDialog>
  );
}

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Language
      </button>
      {open && <AddLanguage onClose={() => setOpen(false)} />}
    </>
  );
}

async function opened(user: ReturnType<typeof userEvent.setup>) {
  const opener = screen.getByRole('button', { name: 'Add Language' });
  await user.click(opener);
  await screen.findByRole('dialog');
  // The dialog takes the focus once it has drawn.
  await waitFor(() => expect(opener).not.toHaveFocus());
  return opener;
}

describe('FormDialog gives the focus back to its opener', () => {
  it.each([
    ['Cancel', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Esc', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['a save', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Save' }))],
  ])('closed by %s', async (_how, closeIt) => {
    const user = userEvent.setup();
    renderWithProviders(<Opener />);
    const opener = await opened(user);
    await closeIt(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closed by Discard changes after Esc asked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Opener />);
    const opener = await opened(user);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Fante');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
