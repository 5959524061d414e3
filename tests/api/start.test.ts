// `npm start` and `npm run serve` as people run them (issue 30): the real scripts, on a machine
// where no browser can be loaded (a module hook refuses any browser driver and anything from
// tests/, tests/support/startsWithoutBrowser.mjs). The build is current here (npm test builds
// first), so neither start builds; how long the starts take is `npm run bench`'s to say.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const noBrowser = path.join(root, 'tests/support/startsWithoutBrowser.mjs');

interface Started { url: string; output(): string; stop(): Promise<void> }

/** Runs an npm script from the project's root until it says where it listens. */
async function run(script: 'start' | 'serve', dataDir: string): Promise<Started> {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: root,
    // A process group of its own: the stop reaches npm and the server it runs.
    detached: true,
    env: {
      ...process.env,
      NODE_OPTIONS: `--import ${noBrowser}`,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_AGENTS: '60',
      DEMO_EVENTS: '1500',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run ${script} did not listen in time:\n${output}`)), 240_000);
    child.stdout.on('data', () => {
      const match = output.match(/is running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm run ${script} exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    /** Stops it as a terminal's Ctrl-C would, and checks the server closed its database and left. */
    async stop() {
      process.kill(-(child.pid as number), 'SIGINT');
      await exited;
      expect(output).toContain('"msg":"shutting down"');
      expect(output).not.toMatch(/Could not start|Error:/);
    },
  };
}

describe('starting the console', { timeout: 300_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'referral-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('npm start serves the console and its backends with demo data, needing no browser and nothing from tests/', async () => {
    const started = await run('start', dataDir);
    try {
      expect(started.output()).not.toMatch(/building/i);
      expect(started.output()).toContain('loading demo data');
      expect(started.output()).toContain('super@demo.test');
      expect(started.output()).toContain('/dev/outbox');
      expect(await (await fetch(`${started.url}/health`)).json()).toMatchObject({ status: 'ok' });
      const page = await fetch(`${started.url}/agents`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const countries = (await (await fetch(`${started.url}/admin/countries`)).json()) as { count: number };
      expect(countries.count).toBeGreaterThan(0);
    } finally {
      await started.stop();
    }
  });

  it('a second start, and npm run serve (production), reuse the data and build nothing', async () => {
    for (const script of ['start', 'serve'] as const) {
      const started = await run(script, dataDir);
      try {
        expect(started.output()).not.toMatch(/building|loading demo data/i);
        expect((await fetch(`${started.url}/health`)).status).toBe(200);
        expect((await fetch(`${started.url}/login`)).status).toBe(200);
      } finally {
        await started.stop();
      }
    }
  });
});
