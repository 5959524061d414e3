// An agent's invite history (SPEC.md section 2): the latest 10 invites, newest first, with when,
// to whom, and under which agency and campaign.
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner } from '@blueprintjs/core';
import { INVITE_HISTORY_ROWS } from '../../../contract/constants';
import type { AgentRoleCampaign } from '../../../contract/entities';
import { inviteTime } from './agentDates';
import { useAgentInvitesQuery } from './agentsApi';
import { EmptyState } from '../../components/EmptyState';
import { useReturnFocus } from '../../components/returnFocus';

export const agentName = (agent: AgentRoleCampaign) => `${agent.user_role.user.first_name} ${agent.user_role.user.last_name}`;

export function InviteHistory({ agent, onClose }: { agent: AgentRoleCampaign; onClose(): void }) {
  const close = useReturnFocus(onClose);
  const { data, isLoading, isError } = useAgentInvitesQuery(agent.user_role.user.id);
  const title = `Invite history of ${agentName(agent)}`;
  return (
    <Dialog title={title} isOpen onClose={close} className="agents-invites">
      <DialogBody>
        {isLoading ? (
          <Spinner size={24} className="console-centered" />
        ) : isError && !data ? (
          <EmptyState title="The invites could not be loaded." />
        ) : !data?.rows.length ? (
          <EmptyState title="No invites yet" />
        ) : (
          <>
            <HTMLTable compact striped className="console-table" aria-label={title}>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Recipient msisdn</th>
                  <th>Agency</th>
                  <th>Campaign</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((invite, index) => (
                  // Invites have no id of their own; the list is fixed once loaded.
                  <tr key={`${invite.invite_datetime} ${index}`}>
                    <td className="console-nowrap">{inviteTime(invite.invite_datetime)}</td>
                    <td>{invite.recipient_msisdn}</td>
                    <td>{invite.extra_data.agency_name}</td>
                    <td>{invite.extra_data.campaign_name}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {data.count > data.rows.length && (
              <p className="agents-invites-note">
                The latest {INVITE_HISTORY_ROWS} of {data.count} invites.
              </p>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={close}>Close</Button>} />
    </Dialog>
  );
}
