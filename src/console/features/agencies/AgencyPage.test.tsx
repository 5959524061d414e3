import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ACTIVE_FLAG_WORDS } from '../../../contract/constants';
import * as messages from '../../../contract/messages';
import { api } from '../../backends/api';
import { fakeBackend, pageOf, type FakeReply } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { AgenciesPage } from './AgenciesPage';
import { AgencyPage } from './AgencyPage';
import { READ_ONLY_LIMITS } from './agencyDetails';
import { ghanaAgency, ghanaCampaign, giftingConfig, referralConfig } from '../../test/agencies';

const serverFailure: FakeReply = { status: 500, body: { error: 'The server failed', code: 'internal' } };

function agencyBackend(replies: { agency?: FakeReply | 'offline'; configs?: FakeReply; campaigns?: FakeReply } = {}) {
  return fakeBackend()
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency]) })
    .on('GET', 'service/agencies/3/', replies.agency ?? { body: ghanaAgency })
    .on('GET', 'service/agency-campaign-type-configs/', replies.configs ?? { body: pageOf([referralConfig, giftingConfig]) })
    .on('GET', 'service/campaigns/', replies.campaigns ?? { body: pageOf([ghanaCampaign]) });
}

/** The agency's screen at `route`, with the list at /agencies to go back to. */
const renderAgency = (route = '/agencies/3') =>
  renderWithProviders(
    <Routes>
      <Route path="/agencies" element={<AgenciesPage />} />
      <Route path="/agencies/:id/:part?" element={<AgencyPage />} />
    </Routes>,
    { preloadedState: signedIn('Super Admin'), route },
  );

/** The label/value pairs of a definition list, in order. */
const factsOf = (element: HTMLElement) =>
  within(element).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
const summary = () => screen.getByRole('region', { name: 'Agency summary' });
const tab = (name: string) => screen.getByRole('tab', { name });

describe('AgencyPage', () => {
  it("shows the agency's country, name, campaign admin, localised key, campaign types and status", async () => {
    const backend = agencyBackend();
    renderAgency();
    expect(await screen.findByRole('heading', { name: 'Ghana Country Agency' })).toBeInTheDocument();
    await waitFor(() => expect(factsOf(summary())).toEqual([
      ['Country', 'Ghana'],
      ['Agency', 'Ghana Country Agency'],
      ['Campaign admin', 'super@demo.test'],
      ['Localised key', 'agency.ghana'],
      ['Campaign type', 'Agent Referral, Gifting'],
      ['Status', 'Active'],
    ]));
    expect(new URLSearchParams(backend.calls('GET', 'service/agency-campaign-type-configs/')[0]?.search).get('agency')).toBe('3');
    expect(new URLSearchParams(backend.calls('GET', 'service/campaigns/')[0]?.search).get('agency_id')).toBe('3');
  });

  it("opens on CAMPAIGN TYPE: the campaign types and the agency's campaigns, each linking to its campaign", async () => {
    agencyBackend();
    renderAgency();
    const types = await screen.findByRole('table', { name: 'Campaign types' });
    expect(tab('CAMPAIGN TYPE')).toHaveAttribute('aria-selected', 'true');
    expect(within(types).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [], ['Agent Referral', 'Per event'], ['Gifting', 'Flat fee'],
    ]);
    const campaigns = await screen.findByRole('table', { name: 'Campaigns' });
    expect(within(campaigns).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Agent Referral GH-01', 'GH', 'Active']);
    expect(within(campaigns).getByRole('link', { name: 'Agent Referral GH-01' })).toHaveAttribute('href', '/campaigns/11');
  });

  it("says an inactive agency's and campaign's flag in the campaign screen's word", async () => {
    agencyBackend({ agency: { body: { ...ghanaAgency, active_flag: false } }, campaigns: { body: pageOf([{ ...ghanaCampaign, active_flag: false }]) } });
    renderAgency();
    await waitFor(() => expect(factsOf(summary()).at(-1)).toEqual(['Status', ACTIVE_FLAG_WORDS.inactive]));
    const campaigns = await screen.findByRole('table', { name: 'Campaigns' });
    expect(within(campaigns).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Agent Referral GH-01', 'GH', ACTIVE_FLAG_WORDS.inactive]);
  });

  it('switches tabs through the path, and shows every setting of each campaign type read-only', async () => {
    agencyBackend();
    const { user, location } = renderAgency();
    await user.click(await screen.findByRole('tab', { name: 'AGENCY CAMPAIGN DETAILS' }));
    expect(location()).toBe('/agencies/3/details');
    expect(tab('AGENCY CAMPAIGN DETAILS')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('table', { name: 'Campaign types' })).not.toBeInTheDocument();
    expect(factsOf(await screen.findByRole('group', { name: 'Agent Referral' }))).toEqual([
      ['Compensation type', 'Per event'],
      ['Total max invites per MSISDN', '3'],
      ['Total max invite limit', '500'],
      ['Invite window days', '30'],
      ['Invite reset window days', '7'],
      ['Next reinvitation lapse period days', '14'],
      ['Total max invite limit period days', '90'],
      ['Attribution window days', '10'],
      ['Compensation eligibility period days', '60'],
      ['Automatic blacklisting', 'Yes'],
    ]);
    const gifting = factsOf(screen.getByRole('group', { name: 'Gifting' }));
    expect(gifting).toContainEqual(['Total max invites per MSISDN', '1']);
    expect(gifting).toContainEqual(['Automatic blacklisting', 'No']);

    await user.click(tab('CAMPAIGN TYPE'));
    expect(location()).toBe('/agencies/3');
    expect(await screen.findByRole('table', { name: 'Campaign types' })).toBeInTheDocument();
  });

  it('opens the AGENCY CAMPAIGN DETAILS tab from its address', async () => {
    agencyBackend();
    renderAgency('/agencies/3/details');
    expect(await screen.findByRole('group', { name: 'Gifting' })).toBeInTheDocument();
    expect(tab('AGENCY CAMPAIGN DETAILS')).toHaveAttribute('aria-selected', 'true');
  });

  it('in edit mode shows the settings as disabled inputs and says why, with no Save', async () => {
    agencyBackend();
    const { user } = renderAgency('/agencies/3/details');
    const referral = await screen.findByRole('group', { name: 'Agent Referral' });
    expect(screen.queryByText(READ_ONLY_LIMITS)).not.toBeInTheDocument();
    expect(within(referral).queryAllByRole('textbox')).toEqual([]);

    await user.click(screen.getByRole('switch', { name: 'Edit' }));
    expect(screen.getByText(READ_ONLY_LIMITS)).toBeInTheDocument();
    expect(READ_ONLY_LIMITS).toBe("These limits are read-only: they are set with the agency's campaign type, and no one can change them here.");
    const inputs = within(referral).getAllByRole('textbox');
    expect(inputs).toHaveLength(10);
    for (const input of inputs) expect(input).toBeDisabled();
    expect(within(referral).getByLabelText('Invite window days')).toHaveValue('30');
    expect(within(referral).getByLabelText('Automatic blacklisting')).toHaveValue('Yes');
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Edit' }));
    expect(screen.queryByText(READ_ONLY_LIMITS)).not.toBeInTheDocument();
    expect(within(referral).queryAllByRole('textbox')).toEqual([]);
  });

  it("says 'Cannot find agency' when the server does not know the agency", async () => {
    agencyBackend({ agency: { status: 404, body: { error: messages.agencyNotFound, code: 'not_found' } } });
    renderAgency();
    expect(await screen.findByText('Cannot find agency')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'BACK' })).toBeInTheDocument();
  });

  it("says 'Cannot find agency' for an address that names no agency, without asking", async () => {
    const backend = agencyBackend();
    renderAgency('/agencies/three');
    expect(await screen.findByText('Cannot find agency')).toBeInTheDocument();
    expect(backend.calls()).toEqual([]);
  });

  it("says 'Cannot retrieve agency details' when the agency call fails otherwise", async () => {
    agencyBackend({ agency: serverFailure });
    renderAgency();
    expect(await screen.findByText('Cannot retrieve agency details')).toBeInTheDocument();
    expect(screen.queryByText('Cannot find agency')).not.toBeInTheDocument();
  });

  it("says 'Cannot retrieve agency details' offline when no data was kept", async () => {
    agencyBackend({ agency: 'offline' });
    renderAgency();
    expect(await screen.findByText('Cannot retrieve agency details')).toBeInTheDocument();
  });

  it("says 'Cannot find agency type config' in place of the campaign types when their call fails", async () => {
    agencyBackend({ configs: serverFailure });
    const { user } = renderAgency();
    await screen.findByRole('table', { name: 'Campaigns' });
    await waitFor(() => expect(factsOf(summary())).toContainEqual(['Campaign type', 'Cannot find agency type config']));
    expect(within(screen.getByRole('tabpanel')).getByText('Cannot find agency type config')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Campaign types' })).not.toBeInTheDocument();

    await user.click(tab('AGENCY CAMPAIGN DETAILS'));
    expect(within(screen.getByRole('tabpanel')).getByText('Cannot find agency type config')).toBeInTheDocument();
  });

  it("says 'Cannot find Campaign' in place of the campaigns when their call fails", async () => {
    agencyBackend({ campaigns: serverFailure });
    renderAgency();
    expect(await screen.findByText('Cannot find Campaign')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Campaigns' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Campaign types' })).toBeInTheDocument();
  });

  it('keeps showing the agency it has when a refetch fails', async () => {
    const backend = agencyBackend();
    const { store } = renderAgency();
    await screen.findByRole('table', { name: 'Campaigns' });
    backend.on('GET', 'service/agencies/3/', serverFailure).on('GET', 'service/campaigns/', serverFailure);
    store.dispatch(api.util.invalidateTags([{ type: 'Agency', id: 3 }, { type: 'Campaign', id: 'LIST' }]));
    await waitFor(() => expect(backend.calls('GET', 'service/campaigns/')).toHaveLength(2));
    await waitFor(() => expect(backend.calls('GET', 'service/agencies/3/')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Ghana Country Agency' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Campaigns' })).toBeInTheDocument();
    expect(screen.queryByText('Cannot retrieve agency details')).not.toBeInTheDocument();
    expect(screen.queryByText('Cannot find Campaign')).not.toBeInTheDocument();
  });

  it('goes BACK to the Agencies list when opened directly', async () => {
    agencyBackend();
    const { user, location } = renderAgency('/agencies/3/details');
    await user.click(await screen.findByRole('button', { name: 'BACK' }));
    expect(location()).toBe('/agencies');
    expect(await screen.findByRole('heading', { name: 'Agencies' })).toBeInTheDocument();
  });

  it('goes BACK to where the admin came from, the list with its filter', async () => {
    agencyBackend();
    const { user, location } = renderAgency('/agencies?filter=latest');
    await user.click(await screen.findByRole('link', { name: 'View Ghana Country Agency' }));
    await screen.findByRole('heading', { name: 'Ghana Country Agency' });
    await user.click(tab('AGENCY CAMPAIGN DETAILS'));
    expect(location()).toBe('/agencies/3/details');

    await user.click(screen.getByRole('button', { name: 'BACK' }));
    expect(location()).toBe('/agencies/3');
    await user.click(screen.getByRole('button', { name: 'BACK' }));
    expect(location()).toBe('/agencies?filter=latest');
    expect(await screen.findByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
  });
});
