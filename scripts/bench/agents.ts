// `npm run bench`, part four: the Agents screen's calls (issue 13), on the demo data (5,000 agents)
// and on 200,000 agents generated here. Each run starts the real server on a fresh PGlite seeded
// with that many agents, signs in as the Super Admin (every agent) and the Agency Admin (their
// agencies only), warms up, then sends 200 sequential GETs of each call with page_size 20 and
// prints p50 and p95 as the client sees them (HTTP included): paging (the first page, a deep page),
// search by name, by username and by a national msisdn, filters, a sort, and an agent's invites.
// Budgets (p95): 50 ms on the demo data, 100 ms with 200,000 agents; exit code 1 when one is reached.
import type { Page } from '../../src/contract/api';
import type { AgentRoleCampaign, Campaign } from '../../src/contract/entities';
import { accessToken, SIGNED_IN_SUITE, startServer, type TestServer } from '../../tests/support/server';
import { read, timeCall } from './timing';

const REQUESTS = 200;
const WARM_UP = 20;
const AGENTS = '/api/v1/user-role-campaigns/?role_type_id=2&page_size=20';
const RUNS = [
  { agents: 5_000, events: 200_000, budgetMs: 50, label: 'the demo data' },
  { agents: 200_000, events: 50_000, budgetMs: 100, label: 'generated agents' },
] as const;

type Caller = 'Super Admin' | 'Agency Admin';
interface Call { caller: Caller; label: string; path: string }

/** The calls the Agents screen makes, with names, numbers and ids read from the data through the API. */
async function agentCalls(server: TestServer, superToken: string): Promise<Call[]> {
  const first = await read<Page<AgentRoleCampaign>>(server, superToken, `${AGENTS}&status_types=Active`);
  const agent = first.results[0];
  if (!agent) throw new Error('no active agent');
  const { last_name, username, msisdn } = agent.user_role.user;
  const national = `0${(msisdn ?? '').slice(3, 8)}`;
  const [campaign] = (await read<Page<Campaign>>(server, superToken, '/service/campaigns/?page_size=1')).results;
  const deep = Math.max(1, Math.floor(first.count / 20 / 2));
  const call = (caller: Caller, label: string, query = ''): Call => ({ caller, label, path: `${AGENTS}${query}` });
  return [
    call('Super Admin', 'first page (newest first)'),
    call('Super Admin', `page ${deep} (${((deep - 1) * 20).toLocaleString('en')} rows in)`, `&page=${deep}`),
    call('Super Admin', `search a last name (${last_name})`, `&search=${encodeURIComponent(last_name)}`),
    call('Super Admin', 'search a username', `&search=${encodeURIComponent(username)}`),
    call('Super Admin', `search a national msisdn (${national}...)`, `&search=${national}`),
    call('Super Admin', 'not blacklisted, Active and Suspended', '&blacklisted=False&status_types=Active,Suspended'),
    call('Super Admin', 'one campaign', `&campaign_ids=${campaign?.id}`),
    call('Super Admin', 'sorted by last name', '&ordering=last_name'),
    call('Super Admin', 'BQ (agents with fraud events)', '&bq=true'),
    call('Agency Admin', 'first page of their agents'),
    call('Agency Admin', `search a last name (${last_name})`, `&search=${encodeURIComponent(last_name)}`),
    { caller: 'Super Admin', label: "an agent's first 10 invites", path: `/service/invites/?agent_id=${agent.user_role.user.id}&page_size=10` },
  ];
}

let failed = false;
for (const run of RUNS) {
  const startedAt = performance.now();
  process.stdout.write(`bench-agents: starting the server with ${run.agents.toLocaleString('en')} agents (${run.label}; the first start seeds them) ...\n`);
  const server = await startServer(
    'pglite',
    { ...SIGNED_IN_SUITE, DEMO_AGENTS: String(run.agents), DEMO_EVENTS: String(run.events), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
    { startTimeoutMs: 15 * 60_000 },
  );
  try {
    process.stdout.write(`bench-agents: server ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`);
    const tokens: Record<Caller, string> = {
      'Super Admin': await accessToken(server, 'super@demo.test'), 'Agency Admin': await accessToken(server, 'agency@demo.test'),
    };
    const calls = await agentCalls(server, tokens['Super Admin']);
    const width = Math.max(...calls.map((call) => `${call.caller}: ${call.label}`.length));
    process.stdout.write(`  ${'call'.padEnd(width)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}   (${REQUESTS} GETs each, page_size 20)\n`);
    for (const call of calls) {
      const { p50, p95 } = await timeCall(server, tokens[call.caller], call.path, { requests: REQUESTS, warmUp: WARM_UP });
      const over = p95 >= run.budgetMs;
      failed ||= over;
      process.stdout.write(`  ${`${call.caller}: ${call.label}`.padEnd(width)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${over ? `  over the ${run.budgetMs} ms budget` : ''}\n`);
    }
  } finally {
    await server.stop();
  }
}
process.stdout.write(failed ? 'bench-agents: FAILED, a p95 reached its budget\n' : 'bench-agents: every p95 within its budget (50 ms on the demo data, 100 ms with 200,000 agents)\n');
process.exit(failed ? 1 : 0);
