// The Mobile Number field (issue 17) bound to the contract's forms as the dialogs bind it: letters
// refused at the keyboard and in a paste, the spaces and dashes of a written number dropped, no
// 'required' before the user typed in it, the contract's messages after, and the stored form shown.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as messages from '../../contract/messages';
import { adminUserForm, whitelistForm } from '../../contract/schemas/adminForms';
import { useSchemaForm } from '../forms/useSchemaForm';
import { MsisdnField } from './MsisdnField';

/** A form of `schema` with its msisdn in the field, and a second field to leave it for. */
function Form({ schema, initial, dialingCode }: { schema: typeof whitelistForm | typeof adminUserForm; initial: object; dialingCode?: string }) {
  const form = useSchemaForm(schema as typeof whitelistForm, initial as z.input<typeof whitelistForm>);
  return (
    <>
      <MsisdnField id="msisdn" {...form.textField('msisdn')} dialingCode={dialingCode} />
      <input aria-label="Next field" />
    </>
  );
}

const whitelist = { msisdn: '', country: 'GH' };
const field = () => screen.getByLabelText('Mobile Number') as HTMLInputElement;

function renderForm(props: Parameters<typeof Form>[0] = { schema: whitelistForm, initial: whitelist }) {
  const user = userEvent.setup();
  render(<Form {...props} />);
  return { user };
}

describe('MsisdnField', () => {
  it('refuses letters at the keyboard: they never reach the field', async () => {
    const { user } = renderForm();
    await user.type(field(), '0241234abc567');
    expect(field()).toHaveValue('0241234567');
    await user.type(field(), 'x');
    expect(field()).toHaveValue('0241234567');
    expect(screen.queryByText(messages.msisdnRequired)).not.toBeInTheDocument();
  });

  it('drops the spaces and dashes of a written number, typed or pasted', async () => {
    const { user } = renderForm();
    await user.type(field(), '024 123-4567');
    expect(field()).toHaveValue('0241234567');
    await user.clear(field());
    await user.click(field());
    await user.paste('+233 24-123 4567');
    expect(field()).toHaveValue('233241234567');
  });

  it('refuses a paste holding letters whole, rather than keep part of it', async () => {
    const { user } = renderForm();
    await user.type(field(), '024');
    await user.paste('1234abc');
    expect(field()).toHaveValue('024');
  });

  it('says nothing before the user typed in it, not even when it is left empty or sent letters', async () => {
    const { user } = renderForm();
    await user.click(field());
    await user.tab();
    expect(screen.queryByText(messages.msisdnRequired)).not.toBeInTheDocument();
    await user.type(field(), 'abc');
    await user.click(field());
    await user.paste('abc');
    await user.tab();
    expect(field()).toHaveValue('');
    expect(screen.queryByText(messages.msisdnRequired)).not.toBeInTheDocument();
    // Typed, then emptied: now it says so, in the specification's words.
    await user.type(field(), '0');
    await user.clear(field());
    expect(screen.getByText(messages.msisdnRequired)).toBeInTheDocument();
  });

  it.each([
    ['the admin user form', adminUserForm, { email: '', firstname: '', lastname: '', msisdn: '', linked_agencies: [] }, messages.msisdnMustStartWithZero],
    ['the whitelist form', whitelistForm, whitelist, messages.msisdnRequired],
  ])("keeps %s's message for a number too short, and no message once it is long enough", async (_form, schema, initial, message) => {
    const { user } = renderForm({ schema, initial });
    await user.type(field(), '0241abc');
    expect(screen.getByText(message)).toBeInTheDocument();
    await user.type(field(), '2345');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it("shows a national number as it will be stored, with the country's dialling code", async () => {
    const { user } = renderForm({ schema: whitelistForm, initial: whitelist, dialingCode: '233' });
    await user.type(field(), '0241234567');
    expect(screen.getByText('Will be saved as 233241234567')).toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), '254712345678');
    expect(screen.queryByText(/^Will be saved as/)).not.toBeInTheDocument();
  });
});
