// /register when logged out (SPEC.md sections 2, 5, 6; DESIGN.md '/register'): a new admin account
// with the admin user form's rules, linked to country agencies, and no mobile number or flags (only
// a Super Admin sets those). The account has no role campaign, so it cannot log in until a Super
// Admin links it: the page says so before and after.
import '../../components/blueprint';
import { Button, Callout, Checkbox, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import * as messages from '../../../contract/messages';
import { adminUserForm } from '../../../contract/schemas/adminForms';
import { type FieldErrors } from '../../../contract/schemas/fieldErrors';
import { NeedsConnection, useBrowserOffline } from '../../components/NeedsConnection';
import { PasswordField } from '../../components/PasswordField';
import { SignedOutFrame } from '../../components/SignedOutFrame';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../forms/useSchemaForm';
import type { ApiFailure } from '../../http/failure';
import { registrationRequest, useRegisterAdminUserMutation, useRegistrationAgenciesQuery } from './registerApi';

export const BEFORE_REGISTERING = `A new account cannot log in until a Super Admin links it to a role campaign. Until then, logging in answers '${messages.noRoleCampaigns}'.`;

export const registeredStatement = (email: string) =>
  `Your account ${email} has been created. It cannot log in yet: a Super Admin must link it to a role campaign first. Until then, logging in answers '${messages.noRoleCampaigns}'.`;

export const GENERATED_PASSWORD_NOTE = 'Generated password: keep it now, you need it to log in.';

const FIELDS = ['email', 'firstname', 'lastname', 'password', 'linked_agencies'] as const;
type Field = (typeof FIELDS)[number];

/** A refused registration: the lines of the fields on this form go beside them, anything else above the button. */
interface Refusal {
  fields: FieldErrors;
  other: string | null;
}

function refusalOf(failure: ApiFailure): Refusal {
  const entries = Object.entries(failure.errors ?? {});
  const shown = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);
  const fields = Object.fromEntries(entries.filter(([field]) => shown(field)));
  const otherLines = entries.filter(([field]) => !shown(field)).flatMap(([, lines]) => lines);
  const other = otherLines.length > 0 ? otherLines.join('\n') : entries.length > 0 ? null : failure.text;
  return { fields, other };
}

export function RegisterPage() {
  const [registered, setRegistered] = useState<string | null>(null);
  return (
    <SignedOutFrame title="Register">
      {registered === null ? (
        <RegistrationForm onRegistered={setRegistered} />
      ) : (
        <p role="status">{registeredStatement(registered)}</p>
      )}
      <p className="console-links">
        <Link to="/login">Back to login</Link>
      </p>
    </SignedOutFrame>
  );
}

function RegistrationForm({ onRegistered }: { onRegistered(email: string): void }) {
  const form = useSchemaForm(adminUserForm, { email: '', firstname: '', lastname: '', password: '', linked_agencies: [] });
  const [register, { isLoading }] = useRegisterAdminUserMutation();
  const agencies = useRegistrationAgenciesQuery();
  const offline = useBrowserOffline();
  // The server's answer is about the values it was sent: any change sets it aside.
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const change = <K extends Field>(field: K, value: (typeof form.values)[K]) => {
    setRefusal(null);
    form.set(field, value);
  };
  const errorOf = (field: Field) => refusal?.fields[field]?.[0] ?? form.errorOf(field);
  const textField = (field: Exclude<Field, 'linked_agencies'>) => ({
    ...form.textField(field),
    error: errorOf(field),
    onChange: (value: string) => change(field, value),
  });

  const linked = form.values.linked_agencies;
  const toggleAgency = (id: number, on: boolean) =>
    change('linked_agencies', on ? [...linked, id] : linked.filter((linkedId) => linkedId !== id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.submitTried();
    if (!form.data || offline) return;
    const result = await register(registrationRequest(form.data));
    if (result.data) onRegistered(result.data.email);
    else if (result.error && 'text' in result.error) setRefusal(refusalOf(result.error));
  }

  return (
    <form onSubmit={submit} noValidate>
      <Callout intent={Intent.PRIMARY} className="console-prompt">
        {BEFORE_REGISTERING}
      </Callout>
      <TextField id="register-email" label="Email" type="email" autoComplete="username" autoFocus {...textField('email')} />
      <TextField id="register-firstname" label="First name" autoComplete="given-name" {...textField('firstname')} />
      <TextField id="register-lastname" label="Last name" autoComplete="family-name" {...textField('lastname')} />
      <PasswordField
        id="register-password"
        value={form.values.password ?? ''}
        error={errorOf('password')}
        generatedNote={GENERATED_PASSWORD_NOTE}
        onChange={(value) => change('password', value)}
        onBlur={() => form.leave('password')}
      />
      <FormGroup label="Linked agencies" helperText={errorOf('linked_agencies')} intent={errorOf('linked_agencies') ? Intent.DANGER : Intent.NONE}>
        <div className="console-checklist" role="group" aria-label="Linked agencies">
          {agencies.isLoading && <Spinner size={16} />}
          {agencies.isError && !agencies.data && (
            <p>
              The agencies could not be loaded.{' '}
              <Button variant="minimal" size="small" onClick={() => void agencies.refetch()}>
                Try again
              </Button>
            </p>
          )}
          {agencies.data?.rows.map((agency) => (
            <Checkbox
              key={agency.id}
              label={agency.agency_name}
              checked={linked.includes(agency.id)}
              onChange={(e) => toggleAgency(agency.id, e.currentTarget.checked)}
            />
          ))}
        </div>
      </FormGroup>
      {refusal?.other && (
        <Callout intent={Intent.DANGER} className="console-prompt" role="alert">
          {refusal.other}
        </Callout>
      )}
      <NeedsConnection what="Registering" />
      <Button type="submit" intent={Intent.PRIMARY} fill disabled={!form.valid || offline} loading={isLoading}>
        Register
      </Button>
    </form>
  );
}
