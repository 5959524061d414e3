// The Roles section of the Users edit dialog (issue 34): the admin user's roles (type, agency,
// campaigns, start and end dates, status), and what the caller may do with them: give a role, end
// it, suspend it or make it active again. The choices offered are what the caller may give
// (contract grantableAdminRoleTypes; the agencies and campaigns the caller sees); the server
// decides, and its refusal is shown here as it says it. Each change is saved at once, apart from
// the user form's Save, and needs a connection.
// It sits inside the user form: Enter in one of its fields adds the role instead of saving the user.
import { Button, Callout, Checkbox, FormGroup, HTMLSelect, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useState, type KeyboardEvent } from 'react';
import { addDays, toRequestDate } from '../../../contract/dates';
import type { UserRoleListed } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { grantableAdminRoleTypes, ROLE_TYPE_ID, roleScope, STATUS_TYPE_ID, isAdminRoleType, isSuperAdmin, type AdminRoleType, type RoleScope } from '../../../contract/roles';
import { userRoleRequest } from '../../../contract/schemas/agents';
import { useAppDispatch, useAppSelector } from '../../ground/hooks';
import { useAgencyCampaignChoicesQuery } from '../../backends/campaignChoices';
import { useAgencyChoicesQuery } from '../../backends/referenceApi';
import { askToConfirm } from '../../components/confirm';
import { needsConnectionText } from '../../components/NeedsConnection';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/toaster';
import type { ApiFailure } from '../../http/failure';
import { selectBrowserOffline } from '../../http/connectivity';
import { adminUsersChanged, useAddRoleCampaignMutation, useAddUserRoleMutation, useChangeUserRoleMutation, useUserRolesQuery } from './userRolesApi';
import './userRoles.css';

export const ROLES_HELP = 'An admin signs in with a role that has a campaign, has not ended and is Active. Role changes are saved at once.';
export const NO_ROLES = 'No roles yet: this admin cannot sign in until given a role with a campaign.';
export const OWN_ROLES = 'These are your own roles: another admin who manages your agency or campaigns changes them.';

const today = () => new Date().toISOString().slice(0, 10);
/** A stored date (YYYY-MM-DD...) as the console shows dates: 28-Nov-2026. */
const shown = (date: string | null) => (date ? toRequestDate(date.slice(0, 10)) : '—');
const hasEnded = (role: UserRoleListed) => role.role_end_date !== null && role.role_end_date.slice(0, 10) < today();
const failureText = (error: unknown) => (error as ApiFailure | undefined)?.text ?? messages.internalError;

/** Who is asking: their scope (what they may give) and whether the user is themselves. */
function useCaller() {
  const user = useAppSelector((state) => state.session.user);
  // No session (never on this screen): nothing to give.
  const scope: RoleScope = user && isAdminRoleType(user.role_type) ? roleScope(user.role_type, user.user_role_campaigns, new Date()) : { kind: 'agencies', agencyIds: [] };
  return { id: user?.id, isSuper: isSuperAdmin(user?.role_type ?? ''), scope };
}

export function UserRolesSection({ userId, email }: { userId: number; email: string }) {
  const caller = useCaller();
  const roles = useUserRolesQuery(userId);
  const offline = useAppSelector(selectBrowserOffline);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ownRoles = !caller.isSuper && caller.id === userId;

  return (
    <section className="user-roles" aria-labelledby="user-roles-heading">
      <h3 id="user-roles-heading" className="user-roles-heading">Roles</h3>
      <p className="user-roles-help">{ownRoles ? OWN_ROLES : ROLES_HELP}</p>
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" className="user-roles-refusal">
          {refusal}
        </Callout>
      )}
      {roles.isLoading && <Spinner size={16} aria-label="Loading roles" />}
      {roles.isError && <p role="alert">{`The roles could not be loaded: ${failureText(roles.error)}`}</p>}
      {roles.data && roles.data.length === 0 && <p>{NO_ROLES}</p>}
      {roles.data && roles.data.length > 0 && (
        <ul className="user-roles-list" aria-label={`Roles of ${email}`}>
          {roles.data.map((role) => (
            <RoleItem key={role.id} role={role} userId={userId} changeable={!ownRoles && !offline} onRefused={setRefusal} />
          ))}
        </ul>
      )}
      {!ownRoles && (offline ? <p>{needsConnectionText('Giving or changing a role')}</p> : <AddRole userId={userId} scope={caller.scope} onRefused={setRefusal} />)}
    </section>
  );
}

function RoleItem({ role, userId, changeable, onRefused }: { role: UserRoleListed; userId: number; changeable: boolean; onRefused(text: string | null): void }) {
  const dispatch = useAppDispatch();
  const [change, { isLoading }] = useChangeUserRoleMutation();
  const ended = hasEnded(role);
  const suspended = role.status_type.id === STATUS_TYPE_ID.Suspended;
  const name = `${role.role_type} role${role.agency_name ? `, ${role.agency_name}` : ''}`;
  const campaigns = role.campaigns.map((campaign) => campaign.campaign_name).join(', ') || 'None: this role does not let the admin sign in';

  const send = async (body: { status_type?: number; role_end_date?: string }, done: string) => {
    onRefused(null);
    const result = await change({ id: role.id, userId, updated_at: role.updated_at, ...body });
    if ('error' in result) onRefused(failureText(result.error));
    else {
      dispatch(adminUsersChanged());
      showSuccess(done);
    }
  };
  const end = async () => {
    // The last valid day is yesterday (or the start day, for a role that had not begun).
    const start = role.role_start_date?.slice(0, 10) ?? '';
    const lastDay = [addDays(today(), -1), start].sort().at(-1) ?? addDays(today(), -1);
    if (!(await askToConfirm(`End the ${name}? Its last day becomes ${toRequestDate(lastDay)}, and sessions that need it end now.`, 'End role'))) return;
    await send({ role_end_date: toRequestDate(lastDay) }, `${name} ended`);
  };

  return (
    <li className="user-role">
      <div className="user-role-head">
        <strong>{role.role_type}</strong>
        <span>{role.agency_name ?? 'No agency'}</span>
        <Tag minimal intent={ended || role.status_type.id !== STATUS_TYPE_ID.Active ? Intent.WARNING : Intent.SUCCESS}>
          {ended ? `Ended (${role.status_type.name})` : role.status_type.name}
        </Tag>
      </div>
      <dl className="user-role-facts" aria-label={name}>
        <div><dt>Campaigns</dt><dd>{campaigns}</dd></div>
        <div><dt>Start</dt><dd>{shown(role.role_start_date)}</dd></div>
        <div><dt>End</dt><dd>{shown(role.role_end_date)}</dd></div>
        <div><dt>Status</dt><dd>{ended ? `Ended, ${role.status_type.name}` : role.status_type.name}</dd></div>
      </dl>
      {changeable && (
        <div className="user-role-actions">
          {!ended && (
            <Button type="button" loading={isLoading} onClick={() => void end()} aria-label={`End ${name}`}>
              End
            </Button>
          )}
          {suspended ? (
            <Button type="button" loading={isLoading} onClick={() => void send({ status_type: STATUS_TYPE_ID.Active }, `${name} active again`)} aria-label={`Make ${name} active again`}>
              Make active
            </Button>
          ) : (
            <Button type="button" loading={isLoading} onClick={() => void send({ status_type: STATUS_TYPE_ID.Suspended }, `${name} suspended`)} aria-label={`Suspend ${name}`}>
              Suspend
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

interface NewRole { roleType: AdminRoleType | ''; agencyId: number; campaignIds: number[]; start: string; end: string }
const EMPTY: NewRole = { roleType: '', agencyId: 0, campaignIds: [], start: '', end: '' };
type NewRoleField = 'role_type' | 'agency_id' | 'campaigns' | 'role_start_date' | 'role_end_date';

function AddRole({ userId, scope, onRefused }: { userId: number; scope: RoleScope; onRefused(text: string | null): void }) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<NewRole>({ ...EMPTY, start: today() });
  const [errors, setErrors] = useState<Partial<Record<NewRoleField, string>>>({});
  const [addRole, adding] = useAddUserRoleMutation();
  const [addCampaign, addingCampaign] = useAddRoleCampaignMutation();
  const agencies = useAgencyChoicesQuery();
  const campaigns = useAgencyCampaignChoicesQuery(draft.agencyId, { skip: !draft.agencyId });
  const types = grantableAdminRoleTypes(scope);
  const set = (change: Partial<NewRole>) => setDraft((before) => ({ ...before, ...change }));

  const add = async () => {
    onRefused(null);
    const body = {
      user: userId, role_type: draft.roleType ? ROLE_TYPE_ID[draft.roleType] : 0, agency_id: draft.agencyId,
      role_start_date: draft.start ? toRequestDate(draft.start) : '', role_end_date: draft.end ? toRequestDate(draft.end) : '',
      status_type: STATUS_TYPE_ID.Active,
    };
    const parsed = userRoleRequest.safeParse(body);
    const found: Partial<Record<NewRoleField, string>> = {};
    if (!draft.roleType) found.role_type = 'Choose a role type';
    if (!draft.agencyId) found.agency_id = 'Choose an agency';
    if (draft.campaignIds.length === 0) found.campaigns = 'Choose at least one campaign: an admin signs in only with a role campaign';
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'role_start_date' || field === 'role_end_date') && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const role = await addRole(body);
    if ('error' in role) return onRefused(failureText(role.error));
    for (const campaign of draft.campaignIds) {
      const given = await addCampaign({ userId, user_role: role.data.id, campaign });
      if ('error' in given) return onRefused(failureText(given.error));
    }
    dispatch(adminUsersChanged());
    showSuccess(`${draft.roleType} role added`);
    setDraft({ ...EMPTY, start: today() });
  };
  // Enter in a field of this part adds the role; the user form around it is not submitted.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') {
      event.preventDefault();
      void add();
    }
  };
  const toggleCampaign = (id: number, on: boolean) =>
    set({ campaignIds: on ? [...draft.campaignIds, id] : draft.campaignIds.filter((chosen) => chosen !== id) });

  return (
    <fieldset className="user-roles-add" onKeyDown={onKeyDown}>
      <legend>Add a role</legend>
      <FormGroup label="Role type" labelFor="new-role-type" helperText={errors.role_type} intent={errors.role_type ? Intent.DANGER : Intent.NONE}>
        <HTMLSelect id="new-role-type" fill value={draft.roleType} onChange={(e) => set({ roleType: e.target.value as AdminRoleType | '' })}>
          <option value="">Choose a role type</option>
          {types.map((type) => (
            <option key={type} value={type}>{type}</option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Agency" labelFor="new-role-agency" helperText={errors.agency_id} intent={errors.agency_id ? Intent.DANGER : Intent.NONE}>
        <HTMLSelect id="new-role-agency" fill value={draft.agencyId || ''} onChange={(e) => set({ agencyId: Number(e.target.value) || 0, campaignIds: [] })}>
          <option value="">Choose an agency</option>
          {agencies.data?.rows.map((agency) => (
            <option key={agency.id} value={agency.id}>{agency.agency_name}</option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label="Campaigns"
        helperText={errors.campaigns ?? (draft.agencyId ? undefined : 'Choose an agency first.')}
        intent={errors.campaigns ? Intent.DANGER : Intent.NONE}
      >
        <div className="console-checklist" role="group" aria-label="Campaigns of the new role">
          {draft.agencyId > 0 && campaigns.isFetching && <Spinner size={16} />}
          {draft.agencyId > 0 && campaigns.currentData?.rows.length === 0 && <p>This agency has no campaign you manage.</p>}
          {draft.agencyId > 0 && campaigns.currentData?.rows.map((campaign) => (
            <Checkbox
              key={campaign.id}
              label={campaign.name}
              checked={draft.campaignIds.includes(campaign.id)}
              onChange={(e) => toggleCampaign(campaign.id, e.currentTarget.checked)}
            />
          ))}
        </div>
      </FormGroup>
      <div className="user-roles-dates">
        <TextField id="new-role-start" label="Start date" type="date" value={draft.start} error={errors.role_start_date} onChange={(start) => set({ start })} />
        <TextField id="new-role-end" label="End date" type="date" value={draft.end} error={errors.role_end_date} onChange={(end) => set({ end })} />
      </div>
      <Button type="button" intent={Intent.PRIMARY} loading={adding.isLoading || addingCampaign.isLoading} onClick={() => void add()}>
        Add role
      </Button>
    </fieldset>
  );
}
