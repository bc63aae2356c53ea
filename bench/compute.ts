/**
 * The compute sandbox: its start-up (a worker thread, the QuickJS WebAssembly module, a fresh
 * runtime and context), the memory a running sandbox adds to the process, and the time of a
 * typical computation (a percentage change of two findings' figures) inside the sandbox and end
 * to end. Medians of RUNS programs, one after another. Uses the built sandbox (`dist/`, what users
 * run; `npm run build` first); `--source` measures the TypeScript one (its worker loads tsx first).
 * Run: npx tsx bench/compute.ts [--source]
 */
import { median } from './lib/timing.js';

type ComputeModule = typeof import('../src/compute/index.js');

const RUNS = 15;
const fromSource = process.argv.includes('--source');
const { createComputeSandbox }: ComputeModule = await import(
  fromSource ? '../src/compute/index.js' : '../dist/compute/index.js'
);

const INPUTS = {
  F1: { claim: 'The museum recorded 120,000 visits in 2022.', numbers: [120_000, 2022] },
  F2: { claim: 'The museum recorded 150,000 visits in 2023.', numbers: [150_000, 2023] },
};
const PERCENT_CHANGE =
  'const before = inputs.F1.numbers[0];\nconst after = inputs.F2.numbers[0];\nreturn ((after - before) / before * 100).toFixed(1) + "%";';
const TABLE_SUM =
  'let total = 0;\nfor (let year = 0; year < 1000; year += 1) total += year * 1.5;\nreturn total;';

const sandbox = createComputeSandbox();

async function measure(program: string) {
  const starts: number[] = [];
  const inside: number[] = [];
  const total: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const began = performance.now();
    const result = await sandbox.run({ program, inputs: INPUTS });
    total.push(performance.now() - began);
    starts.push(result.startMs);
    inside.push(result.durationMs);
  }
  return { start: median(starts), inside: median(inside), total: median(total) };
}

/** Shifted inputs, as the compute step's input check makes them. */
const OTHER_INPUTS = {
  F1: { ...INPUTS.F1, numbers: [180_007, 3040] },
  F2: { ...INPUTS.F2, numbers: [300_008, 5063] },
};

/** Every number times 3, the two inputs swapped, the change doubled: the step's other changed sets. */
const SCALED_INPUTS = {
  F1: { ...INPUTS.F1, numbers: [360_000, 6066] },
  F2: { ...INPUTS.F2, numbers: [450_000, 6069] },
};
const SWAPPED_INPUTS = { F1: INPUTS.F2, F2: INPUTS.F1 };
const STRETCHED_INPUTS = { F1: INPUTS.F1, F2: { ...INPUTS.F2, numbers: [180_000, 2024] } };

/**
 * What a compute step pays for its program and its checks on changed inputs: one worker running
 * the program and the four changed sets it runs today (shifted, scaled, swapped, stretched), one running it
 * and the single shifted set it ran before, against two workers for one set.
 */
async function stepCost(program: string) {
  const four: number[] = [];
  const together: number[] = [];
  const apart: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    let began = performance.now();
    await sandbox.run({
      program,
      inputs: INPUTS,
      alsoOn: [OTHER_INPUTS, SCALED_INPUTS, SWAPPED_INPUTS, STRETCHED_INPUTS],
    });
    four.push(performance.now() - began);
    began = performance.now();
    await sandbox.run({ program, inputs: INPUTS, alsoOn: [OTHER_INPUTS] });
    together.push(performance.now() - began);
    began = performance.now();
    await sandbox.run({ program, inputs: INPUTS });
    await sandbox.run({ program, inputs: OTHER_INPUTS });
    apart.push(performance.now() - began);
  }
  return { four: median(four), together: median(together), apart: median(apart) };
}

/** The most resident memory the process gains while one program spins for `ms`. */
async function memoryWhileRunning(ms: number): Promise<number> {
  const spinning = createComputeSandbox({ limits: { timeMs: ms } });
  const before = process.memoryUsage().rss;
  let most = 0;
  const timer = setInterval(() => {
    most = Math.max(most, process.memoryUsage().rss - before);
  }, 25);
  await spinning.run({ program: 'while (true) {}', inputs: {} }).catch(() => undefined);
  clearInterval(timer);
  return most;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
await sandbox.run({ program: 'return 1;', inputs: {} }); // the first load of the module files
const percent = await measure(PERCENT_CHANGE);
const loop = await measure(TABLE_SUM);
const step = await stepCost(PERCENT_CHANGE);
const memory = await memoryWhileRunning(1_000);
console.log(`sandbox (${fromSource ? 'source, worker through tsx' : 'dist'}), medians of ${RUNS} runs:`);
console.log(`  start-up (worker + WebAssembly + context): ${fmt(percent.start)}`);
console.log(`  percentage change: ${fmt(percent.inside)} in the sandbox, ${fmt(percent.total)} end to end`);
console.log(
  `  a compute step's program on its inputs and 4 changed sets: ${fmt(step.four)} in one worker; on 1 changed set: ${fmt(step.together)} in one worker, ${fmt(step.apart)} in two`,
);
console.log(`  1,000-step loop: ${fmt(loop.inside)} in the sandbox, ${fmt(loop.total)} end to end`);
console.log(`  resident memory added while a program runs: ${(memory / 1024 / 1024).toFixed(1)} MB`);
