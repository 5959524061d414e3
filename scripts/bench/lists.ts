// `npm run bench`, part three: the reference lists on the demo data, of the legacy admin backend
// and of the service backend (its lists and detail calls).
// Starts the real server on a fresh PGlite with the full demo seed (5,000 agents, 200,000 events),
// signs in as the Super Admin (who sees every row), warms up, then sends 200 sequential GETs with
// page_size 20 to each list (and to each detail call) and prints p50 and p95 as the client sees
// them (HTTP included). The Agency Admin's scoped reads take another query path: two of them are
// timed too. Fails (exit code 1) when any call's p95 reaches 50 ms; throws when any answers other than 200.
import type { Page } from '../../src/contract/api';
import type { Campaign, CampaignVersion } from '../../src/contract/entities';
import { accessToken, startServer, type TestServer } from '../../tests/support/server';
import { read, timeCall } from './timing';

const LISTS = ['admins', 'whitelists', 'campaigns', 'event_types', 'countries', 'country_sms', 'agencies'] as const;
const REQUESTS = 200;
const WARM_UP = 20;
const P95_BUDGET_MS = 50;
/** The demo seed has no whitelist entries; the bench adds these first so that list is not empty. */
const WHITELIST_ENTRIES = 500;

type Caller = 'super' | 'agency';
const CALLERS: Record<Caller, string> = { super: 'Super Admin', agency: 'Agency Admin' };
/** One timed call: which backend, as whom, the path sent and its label (a list's path without its page_size). */
interface Call { backend: 'admin' | 'service'; caller: Caller; label: string; path: string }
/** A list call: its path with page_size 20 added. */
const list = (backend: Call['backend'], caller: Caller, label: string): Call =>
  ({ backend, caller, label, path: `${label}${label.includes('?') ? '&' : '?'}page_size=20` });
/** A detail call, sent as it is. */
const detail = (caller: Caller, label: string): Call => ({ backend: 'service', caller, label, path: label });

async function addWhitelistEntries(server: TestServer, token: string): Promise<void> {
  const campaigns = await server.get<{ data: Array<{ id: number }> }>('/admin/campaigns?page_size=0', token);
  const ids = campaigns.body.data.map((campaign) => campaign.id);
  for (let i = 0; i < WHITELIST_ENTRIES; i++) {
    const body = { msisdn: `0249${String(i).padStart(6, '0')}`, country: 'GH', campaign_id: i % 5 === 0 ? null : ids[i % ids.length] };
    const answer = await server.post('/admin/whitelist', body, token);
    if (answer.status !== 201) throw new Error(`POST /admin/whitelist answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/**
 * The service backend's lists and detail calls, with ids from the demo data read through the API:
 * the first campaign, its agency, its type config and its latest version.
 */
async function serviceCalls(server: TestServer, token: string): Promise<Call[]> {
  const [campaign] = (await read<Page<Campaign>>(server, token, '/service/campaigns/?page_size=1')).results;
  if (!campaign) throw new Error('the demo data has no campaign');
  const versions = await read<Page<CampaignVersion>>(server, token, `/service/campaign-versions/?campaign=${campaign.id}&page_size=1`);
  const version = versions.results[0];
  if (!version) throw new Error(`campaign ${campaign.id} has no version`);
  const agency = campaign.extra_data.agency.id;
  const lists = [
    '/service/agencies/',
    // The two lists the console's Campaigns screen asks for most.
    '/service/agencies/?active_flag=false',
    '/service/campaigns/?ordering=-updated_at',
    '/service/agencies-countries/',
    '/service/agencies-languages/',
    '/service/agencies-campaign-types/',
    '/service/campaigns/',
    `/service/campaign-versions/?campaign=${campaign.id}`,
    `/service/campaign-languages/?campaign=${campaign.id}`,
    '/service/campaigns-remuneration-types/',
    '/service/campaigns-event-types/',
    `/service/campaigns-compensation-earning-event-configs/?campaign_version=${version.id}`,
    `/service/agency-campaign-type-configs/?agency=${agency}`,
  ];
  return [
    ...lists.map((path) => list('service', 'super', path)),
    detail('super', `/service/agencies/${agency}/`),
    detail('super', `/service/campaigns/${campaign.id}/`),
    detail('super', `/service/agency-campaign-type-configs/${campaign.agency_campaign_type_config_id}/`),
    // The Agency Admin's reads are scoped to their agency: another query path.
    list('service', 'agency', '/service/agencies/'),
    list('service', 'agency', '/service/campaigns/'),
  ];
}

const startedAt = performance.now();
process.stdout.write('bench-lists: starting the server with the full demo data (first start seeds it) ...\n');
// Some 6,500 GETs in a few minutes from one address: the rate limit is lifted so none is refused.
const server = await startServer('pglite', { DEMO_AGENTS: '5000', DEMO_EVENTS: '200000', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' });
let failed = false;
try {
  process.stdout.write(`bench-lists: server ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`);
  const tokens: Record<Caller, string> = { super: await accessToken(server, 'super@demo.test'), agency: await accessToken(server, 'agency@demo.test') };
  await addWhitelistEntries(server, tokens.super);
  const calls: Call[] = [
    ...LISTS.map((name) => list('admin', 'super', `/admin/${name}`)),
    ...(await serviceCalls(server, tokens.super)),
  ];
  process.stdout.write(`bench-lists: ${REQUESTS} sequential GETs per call (page_size 20 on lists) after ${WARM_UP} to warm up (${WHITELIST_ENTRIES} whitelist entries added)\n`);
  const who = (call: Call) => `${call.backend}, ${CALLERS[call.caller]}`;
  const whoWidth = Math.max(...calls.map((call) => who(call).length));
  const labelWidth = Math.max(...calls.map((call) => call.label.length));
  process.stdout.write(`  ${'backend, caller'.padEnd(whoWidth)}  ${'call'.padEnd(labelWidth)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}\n`);
  for (const call of calls) {
    const { p50, p95 } = await timeCall(server, tokens[call.caller], call.path, { requests: REQUESTS, warmUp: WARM_UP });
    const over = p95 >= P95_BUDGET_MS;
    failed ||= over;
    process.stdout.write(`  ${who(call).padEnd(whoWidth)}  ${call.label.padEnd(labelWidth)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${over ? `  over the ${P95_BUDGET_MS} ms budget` : ''}\n`);
  }
} finally {
  await server.stop();
}
process.stdout.write(failed ? `bench-lists: FAILED, a p95 reached ${P95_BUDGET_MS} ms\n` : `bench-lists: every p95 under ${P95_BUDGET_MS} ms\n`);
process.exit(failed ? 1 : 0);
