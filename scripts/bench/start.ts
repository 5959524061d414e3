// `npm run bench`: how long `npm start` takes until /health answers (issue 30), as a new user meets
// it: the first start of a fresh clone (the build of the console and the server, the migrations and
// the full demo data), then second starts on the same data, which build nothing. The clone borrows
// this checkout's node_modules (a link), so `npm ci` is not counted: the README's first command.
// Targets: first start under 60 s, a second start about 2 s.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const SECOND_STARTS = Number(process.env.BENCH_START_RUNS ?? 5);
const out = (line: string) => process.stdout.write(`${line}\n`);

/** `npm start` in `dir` until /health answers 200: the seconds it took; then stops it. */
async function timeStart(dir: string, dataDir: string): Promise<number> {
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], { cwd: dir, detached: true, env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      const url = output.match(/is running at (http:\/\/\S+)/)?.[1];
      if (url && (await fetch(`${url}/health`).then((answer) => answer.ok, () => false))) return (performance.now() - startedAt) / 1000;
      if (performance.now() - startedAt > 600_000) throw new Error(`npm start did not answer in 10 minutes:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    process.kill(-(child.pid as number), 'SIGINT');
    await exited;
  }
}

const work = await mkdtemp(path.join(tmpdir(), 'referral-bench-start-'));
try {
  const clone = path.join(work, 'console');
  execFileSync('git', ['clone', '-q', root, clone]);
  await symlink(path.join(root, 'node_modules'), path.join(clone, 'node_modules'));
  const dataDir = path.join(work, 'data');

  const first = await timeStart(clone, dataDir);
  out(`npm start, first start of a fresh clone (build, migrations, demo data), to /health: ${first.toFixed(1)} s (target 60 s)`);
  const seconds: number[] = [];
  for (let run = 0; run < SECOND_STARTS; run++) seconds.push(await timeStart(clone, dataDir));
  seconds.sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)] as number;
  out(`npm start, second start on the same data, to /health, ${seconds.length} runs: min ${seconds[0]?.toFixed(2)} s, median ${median.toFixed(2)} s, max ${seconds.at(-1)?.toFixed(2)} s (target about 2 s)`);
} finally {
  await rm(work, { recursive: true, force: true });
}
