// Add or edit an admin user (SPEC.md sections 5 and 6): every rule is the contract's
// adminUserForm. The mobile number (with its country: a national one is saved with the country's
// dialling code) and the Super Admin, Unblacklist and Secure Page Access flags are shown to, and
// sent by, a Super Admin only; agencies can be linked from GET /admin/agencies. A user the caller
// may not change opens read-only (AdminUserFacts), saying why.
// An edit sends the updated_at it read (a change made meanwhile is refused, not overwritten).
// Offline, an edit without a password waits in the outbox; a password needs a connection.
// A Super Admin may sign the user out everywhere from here (every device must sign in again).
// An edit shows the user's roles (UserRolesSection): given, ended and suspended at once, apart from Save.
import { Button, Checkbox, FormGroup, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { LogOut } from '@blueprintjs/icons';
import type { AdminUserRequest } from '../../../contract/api';
import type { AdminUser } from '../../../contract/entities';
import { adminUserForm } from '../../../contract/schemas/adminForms';
import { ADMIN_FLAG_LABELS, ADMIN_FLAGS } from '../../../contract/roles';
import { useAllCountriesQuery } from '../../backends/referenceApi';
import { selectBrowserOffline } from '../../http/connectivity';
import { useAppSelector } from '../../ground/hooks';
import { FormDialog, useFormDialog, type EditDialogProps } from '../../components/FormDialog';
import { MsisdnField } from '../../components/MsisdnField';
import { needsConnectionText } from '../../components/NeedsConnection';
import { PasswordField } from '../../components/PasswordField';
import { ReadOnlyDialog } from '../../components/ReadOnlyDialog';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/toaster';
import { useSignOutAdminEverywhereMutation } from './adminSessionsApi';
import { UserRolesSection } from './UserRolesSection';
import { adminUserConflictFor, adminUserRequest, canWaitOffline, useLinkableAgenciesQuery, useSaveAdminUserMutation } from './adminUsersApi';

export const CREDENTIALS_LOCKED = 'Only a Super Admin can change the email address or password of an admin user.';

export const PASSWORD_NEEDS_CONNECTION =
  'You are offline. A password is never kept on this device, so adding a user or setting a password needs a connection.';

/** The form's values of an admin user (a new one's when there is none). */
const valuesOf = (user: AdminUser | undefined): AdminUserRequest => ({
  id: user?.id,
  updated_at: user?.updated_at,
  email: user?.email ?? '',
  firstname: user?.firstname ?? '',
  lastname: user?.lastname ?? '',
  password: '',
  msisdn: user?.msisdn ?? '',
  country_code: user?.country_code ?? '',
  linked_agencies: user?.linked_agencies.filter((link) => link.linked).map((link) => link.id) ?? [],
  is_super: user?.is_super ?? false,
  unblacklist: user?.unblacklist ?? false,
  secure_page: user?.secure_page ?? false,
});

export function AdminUserDialog({ row, retry, callerIsSuper, onClose }: EditDialogProps<AdminUser> & { callerIsSuper: boolean }) {
  // Editing a refused change again: the user as the server has it now, when it said so.
  const user = retry ? (retry.refusal?.current as AdminUser | undefined) : row;
  const [save, { isLoading }] = useSaveAdminUserMutation();
  const { form, editing, dialog } = useFormDialog(adminUserForm, {
    values: valuesOf(row),
    // A password is never queued: it is typed again, if at all.
    retried: (queued: AdminUserRequest) => ({ ...queued, password: '', msisdn: queued.msisdn ?? '', country_code: queued.country_code ?? '' }),
    retry,
    onClose,
    noun: 'user',
    save: (data) => save(adminUserRequest(data, callerIsSuper)),
    saving: isLoading,
    saved: (data, edit) => `User ${data.email} ${edit ? 'updated' : 'added'}`,
    conflict: adminUserConflictFor(callerIsSuper),
  });
  // Whoever holds an admin's email receives their codes: only a Super Admin changes another
  // admin's email or password; everyone resets their own through Forgot password.
  const credentialsLocked = editing && !callerIsSuper;
  const browserOffline = useAppSelector(selectBrowserOffline);
  // A new user always has a password; an edit has one when the admin typed or generated it.
  const needsConnection = !editing || !canWaitOffline({ ...(form.values as AdminUserRequest) });
  const blockedReason = browserOffline && needsConnection ? PASSWORD_NEEDS_CONNECTION : undefined;
  const agencies = useLinkableAgenciesQuery();
  const choices = agencies.data?.rows;
  const countries = useAllCountriesQuery(undefined, { skip: !callerIsSuper });
  const countryCode = form.values.country_code ?? '';
  const countryError = form.errorOf('country_code');
  const agencyNames = (ids: unknown) =>
    Array.isArray(ids) ? ids.map((id) => choices?.find((agency) => agency.id === id)?.agency_name ?? String(id)).join(', ') || '—' : undefined;

  const linked = form.values.linked_agencies;
  // Links the caller cannot choose (a Super Admin made them) stay as they are and are shown locked.
  const lockedLinks = choices
    ? (user?.linked_agencies ?? []).filter((link) => link.linked && !choices.some((agency) => agency.id === link.id))
    : [];
  const toggleAgency = (id: number, on: boolean) =>
    form.set('linked_agencies', on ? [...linked, id] : linked.filter((linkedId) => linkedId !== id));

  return (
    <FormDialog {...dialog} blockedReason={blockedReason} conflictNames={{ linked_agencies: agencyNames }}>
      <TextField
        id="user-email"
        label="Email"
        type="email"
        {...form.textField('email')}
        readOnly={credentialsLocked}
        helper={credentialsLocked ? CREDENTIALS_LOCKED : undefined}
        autoFocus={!credentialsLocked}
      />
      <TextField id="user-firstname" label="First name" {...form.textField('firstname')} />
      <TextField id="user-lastname" label="Last name" {...form.textField('lastname')} />
      {!credentialsLocked && (
        <PasswordField
          id="user-password"
          value={form.values.password ?? ''}
          error={form.errorOf('password')}
          helper={editing ? 'Leave empty to keep the current password.' : undefined}
          generatedNote="Generated password: pass it on to the user now."
          onChange={(value) => form.set('password', value)}
          onBlur={() => form.leave('password')}
        />
      )}
      {callerIsSuper && (
        <>
          <MsisdnField
            id="user-msisdn"
            helper="Optional"
            {...form.textField('msisdn')}
            dialingCode={countries.data?.rows.find((country) => country.iso_code === countryCode)?.code}
          />
          <FormGroup
            label="Country of the mobile number"
            labelFor="user-country"
            helperText={countryError ?? "For a number starting with 0: it is saved with this country's dialling code, or, with none chosen, the first linked agency's."}
            intent={countryError ? Intent.DANGER : Intent.NONE}
          >
            <HTMLSelect id="user-country" fill value={countryCode} onChange={(e) => form.set('country_code', e.target.value)} onBlur={() => form.leave('country_code')}>
              <option value="">No country</option>
              {countries.data?.rows.flatMap((country) =>
                country.iso_code ? [<option key={country.iso_code} value={country.iso_code}>{`${country.country} (${country.iso_code})`}</option>] : [],
              )}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Rights">
            {ADMIN_FLAGS.map((flag) => (
              <Checkbox key={flag} label={ADMIN_FLAG_LABELS[flag]} checked={form.values[flag] ?? false} onChange={(e) => form.set(flag, e.currentTarget.checked)} />
            ))}
          </FormGroup>
        </>
      )}
      <FormGroup
        label="Linked agencies"
        helperText={form.errorOf('linked_agencies')}
        intent={form.errorOf('linked_agencies') ? Intent.DANGER : Intent.NONE}
      >
        <div className="console-checklist" role="group" aria-label="Linked agencies">
          {agencies.isLoading && <Spinner size={16} />}
          {agencies.isError && <p>The agencies could not be loaded.</p>}
          {choices?.length === 0 && <p>There are no agencies you can link.</p>}
          {choices?.map((agency) => (
            <Checkbox
              key={agency.id}
              label={agency.agency_name}
              checked={linked.includes(agency.id)}
              onChange={(e) => toggleAgency(agency.id, e.currentTarget.checked)}
            />
          ))}
          {lockedLinks.map((link) => (
            <Checkbox key={link.id} label={`${link.agency_name} (only a Super Admin can change this link)`} checked disabled />
          ))}
        </div>
      </FormGroup>
      {editing && callerIsSuper && row && <SignOutEverywhere user={row} offline={browserOffline} />}
      {editing && row && <UserRolesSection userId={row.id} email={row.email} />}
    </FormDialog>
  );
}

/** A Super Admin's way to end every session of the user at once (a lost phone, a password shared). */
function SignOutEverywhere({ user, offline }: { user: AdminUser; offline: boolean }) {
  const [signOut, { isLoading }] = useSignOutAdminEverywhereMutation();
  const signOutNow = async () => {
    const result = await signOut(user.id);
    if (result.data) showSuccess(`${user.email}: ${result.data.message}`);
  };
  return (
    <FormGroup label="Signed-in devices" helperText={offline ? needsConnectionText('Signing a user out') : 'Ends every session of this user at once: each device must sign in again.'}>
      <Button icon={<LogOut />} disabled={offline} loading={isLoading} onClick={() => void signOutNow()}>
        Sign out everywhere
      </Button>
    </FormGroup>
  );
}

/** A user the caller may not change (`reason`: the contract's, adminUserReadOnly): what it is, and why it is read-only. */
export function AdminUserFacts({ user, reason, onClose }: { user: AdminUser; reason: string; onClose(): void }) {
  const linked = user.linked_agencies.filter((link) => link.linked).map((link) => link.agency_name);
  return (
    <ReadOnlyDialog
      title="View user"
      reason={reason}
      onClose={onClose}
      facts={[
        ['Email', user.email],
        ['First name', user.firstname],
        ['Last name', user.lastname],
        ['Linked agencies', linked.join(', ') || '—'],
      ]}
    />
  );
}
