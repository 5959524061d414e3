// An entity edited through one backend and shown through another: every backend's endpoints are in
// the console's one api (backends/api.ts), so the save's tags are invalidated by RTK Query itself,
// whichever backend provided them, and the other backend's choices are read again.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CampaignChoice } from '../../contract/api';
import { gridTestSetup } from '../components/grid/layoutForTests';
import { campaignsApi } from '../features/campaigns/campaignsApi';
import { eventTypesApi } from '../features/eventtypes/eventTypesApi';
import { GridTabScreen } from '../features/grids/GridPages';
import { browserWentOffline, browserWentOnline } from '../http/connectivity';
import { isQueuedWrite } from '../outbox/offlineWrite';
import { ghanaAgency, kenyaAgency } from '../test/agencies';
import { campaign } from '../test/campaignDetail';
import { campaignChoices } from '../test/campaigns';
import { fakeBackend, pageOf } from '../test/fakeBackend';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedIn } from '../test/sessions';
import { makeStore } from './store';

/** The admin backend's campaign choices, as the server has them now. */
function campaignsBackend() {
  let choices: CampaignChoice[] = campaignChoices;
  const backend = fakeBackend()
    .on('GET', 'admin/campaigns', () => ({ body: { data: choices, count: choices.length } }))
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency, kenyaAgency]) })
    .on('POST', 'admin/fraud', { body: { data: [], count: 0 } })
    .on('PUT', 'service/campaigns/6/', ({ body }) => {
      const { name } = body as { name: string };
      choices = choices.map((choice) => (choice.id === 6 ? { ...choice, campaign_name: name } : choice));
      return { body: { ...campaign, id: 6, name } };
    });
  return backend;
}

describe('an entity edited through one backend and shown by another', () => {
  gridTestSetup();

  it('a campaign renamed through /service/campaigns/ shows its new name in a grid filter without a reload', async () => {
    const backend = campaignsBackend();
    const { store } = renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    await screen.findByRole('option', { name: 'Agent Referral KE-01' });

    await act(() => store.dispatch(campaignsApi.endpoints.saveCampaign.initiate({ id: 6, name: 'Agent Referral KE-02', updated_at: campaign.updated_at })));

    expect(await screen.findByRole('option', { name: 'Agent Referral KE-02' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Agent Referral KE-01' })).not.toBeInTheDocument();
    expect(backend.calls('GET', 'admin/campaigns')).toHaveLength(2);
  });

  it('a campaign rename that waited in the outbox refreshes them once it is sent', async () => {
    const backend = campaignsBackend();
    const store = makeStore(signedIn('Super Admin'), { outbox: { delay: () => 60_000 } });
    renderWithProviders(<GridTabScreen grid="fraudEvents" />, { store, route: '/reports/fraud-events' });
    await screen.findByRole('option', { name: 'Agent Referral KE-01' });

    act(() => void store.dispatch(browserWentOffline()));
    const saved = await act(() => store.dispatch(campaignsApi.endpoints.saveCampaign.initiate({ id: 6, name: 'Agent Referral KE-02', updated_at: campaign.updated_at })));
    expect(isQueuedWrite(saved.data)).toBe(true);
    // Queued, it changed nothing yet: the choices are not read again.
    expect(backend.calls('GET', 'admin/campaigns')).toHaveLength(1);

    // Only the connectivity's own action (not RTK Query's onOnline, which refetches everything on screen).
    act(() => void store.dispatch(browserWentOnline()));

    expect(await screen.findByRole('option', { name: 'Agent Referral KE-02' })).toBeInTheDocument();
    expect(backend.calls('PUT', 'service/campaigns/6/')).toHaveLength(1);
    expect(backend.calls('GET', 'admin/campaigns')).toHaveLength(2);
  });

  it('an event type saved through /admin/event_types is read again as a compensation choice (service backend)', async () => {
    const backend = fakeBackend()
      .on('GET', 'service/campaigns-event-types/', { body: pageOf([]) })
      .on('POST', 'admin/event_types', { body: { id: 3, name: 'sim_activation', pretty_name: 'SIM activation' } });
    const store = makeStore(signedIn('Super Admin'));
    const choices = store.dispatch(campaignsApi.endpoints.campaignEventTypes.initiate());
    await choices;

    await store.dispatch(eventTypesApi.endpoints.saveEventType.initiate({ event: 'sim_activation', pretty: 'SIM activation' }));

    await waitFor(() => expect(backend.calls('GET', 'service/campaigns-event-types/')).toHaveLength(2));
    choices.unsubscribe();
  });
});
