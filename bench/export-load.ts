/**
 * What PDF and DOCX exports cost everyone else on a server: 24 clients (each its own token) ask
 * for an export at once, 12 PDF and 12 DOCX, while a probe asks for /health every 50 ms; a
 * refused client (429) waits its Retry-After and asks again. Two scenarios: all 24 of one report
 * (`same`), and 12 reports × 2 formats (`distinct`, nothing to share). The server runs in a
 * process of its own (bench/export-load-server.ts), once with today's layout before the pool
 * (`loop`: rendered on the event loop, no limit, no cache) and once as shipped (`pool`), in the
 * same run. Each scenario runs --rounds times on reports not exported before; prints /health's
 * wait over all rounds (p50, max) and the median time the 24 exports took.
 * Usage: npx tsx bench/export-load.ts [--report ordinary|table] [--rounds 3]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/timing.js';

const { values } = parseArgs({
  options: { report: { type: 'string', default: 'ordinary' }, rounds: { type: 'string', default: '3' } },
});
const ROUNDS = Number(values.rounds);
const CLIENTS = 24;
const PROBE_EVERY_MS = 50;

async function startServer(layout: string): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./export-load-server.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', script, '--layout', layout, '--report', values.report],
      ...['--clients', String(CLIENTS), '--rounds', String(ROUNDS)],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk) => resolve(String(chunk).trim()));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { url, child };
}

/**
 * One client's export, asked again after each 429's Retry-After (or a second after a connection a
 * blocked server reset) until it is made; resolves with how often it was turned away.
 */
async function exportUntilMade(
  url: string,
  ask: { id: string; format: string; token: string },
): Promise<number> {
  const { id, format, token } = ask;
  for (let refusals = 0; ; refusals += 1) {
    const response = await fetch(`${url}/api/runs/${id}/report?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    await response?.arrayBuffer().catch(() => undefined);
    if (response?.status === 200) return refusals;
    if (response && response.status !== 429)
      throw new Error(`export of ${id} as ${format}: HTTP ${response.status}`);
    const seconds = Number(response?.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/** A /health probe: how long it waited, and whether it got an answer (a blocked server resets some). */
interface Probe {
  waitMs: number;
  answered: boolean;
}

/** Asks /health every PROBE_EVERY_MS until stopped, each probe on its own; resolves with every probe. */
function probeHealth(url: string): { stop: () => Promise<Probe[]> } {
  const probes: Promise<Probe>[] = [];
  const timer = setInterval(() => {
    const sent = performance.now();
    const waited = () => performance.now() - sent;
    probes.push(
      fetch(`${url}/health`)
        .then((response) => response.arrayBuffer())
        .then(
          () => ({ waitMs: waited(), answered: true }),
          () => ({ waitMs: waited(), answered: false }),
        ),
    );
  }, PROBE_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      return Promise.all(probes);
    },
  };
}

/** One round of a scenario on reports not exported before: every /health wait, the seconds, the refusals. */
async function round(url: string, which: { name: 'same' | 'distinct'; number: number }) {
  const { name, number } = which;
  const probe = probeHealth(url);
  const started = performance.now();
  const refusals = await Promise.all(
    Array.from({ length: CLIENTS }, (_, index) => {
      const format = index % 2 === 0 ? 'pdf' : 'docx';
      const id = name === 'same' ? `same-${number}` : `distinct-${number}-${Math.floor(index / 2)}`;
      return exportUntilMade(url, { id, format, token: `bench-token-${index}` });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { probes: await probe.stop(), seconds, refused: refusals.reduce((sum, count) => sum + count, 0) };
}

async function scenario(url: string, name: 'same' | 'distinct'): Promise<string> {
  const rounds = [];
  for (let number = 0; number < ROUNDS; number += 1) rounds.push(await round(url, { name, number }));
  const probes = rounds.flatMap((each) => each.probes);
  const waits = probes.map((probe) => probe.waitMs);
  const unanswered = probes.filter((probe) => !probe.answered).length;
  const seconds = median(rounds.map((each) => each.seconds));
  const refused = rounds.reduce((sum, each) => sum + each.refused, 0);
  const health = `/health p50 ${median(waits).toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms (${probes.length} probes, ${unanswered} reset unanswered)`;
  return `${health}; ${CLIENTS} exports in ${seconds.toFixed(1)} s (median of ${ROUNDS}), ${refused} refusals (429 or reset) in all`;
}

console.log(
  `load average before: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
for (const layout of ['loop', 'pool']) {
  const { url, child } = await startServer(layout);
  // The server goes with this process, however it ends.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  try {
    // The first PDF and DOCX load pdfkit, docx and the fonts.
    for (const format of ['pdf', 'docx'])
      await exportUntilMade(url, { id: 'warm', format, token: 'bench-token-0' });
    for (const name of ['same', 'distinct'] as const)
      console.log(`${values.report} ${layout} ${name}: ${await scenario(url, name)}`);
  } finally {
    stop();
    process.off('exit', stop);
  }
}
console.log(
  `load average after: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
