import { describe, expect, it } from 'vitest';
import { ComputeError } from './errors.js';
import { createComputeSandbox } from './sandbox.js';

const sandbox = createComputeSandbox({ limits: { timeMs: 1_000 } });

async function failureOf(program: string, inputs: Record<string, unknown> = {}): Promise<ComputeError> {
  const error = await sandbox.run({ program, inputs }).then(
    (output) => new Error(`expected a failure, got ${output.output}`),
    (error: unknown) => error,
  );
  if (!(error instanceof ComputeError)) throw error;
  return error;
}

describe('createComputeSandbox', () => {
  it('runs a program over its inputs, given as data, and returns its output', async () => {
    const result = await sandbox.run({
      program:
        'const [before, after] = [inputs.F1.numbers[0], inputs.F2.numbers[0]];\nreturn ((after - before) / before * 100).toFixed(1) + "%";',
      inputs: { F1: { numbers: [120] }, F2: { numbers: [150] } },
    });
    expect(result.output).toBe('25.0%');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('returns a value that is not a string as JSON', async () => {
    const result = await sandbox.run({
      program: 'return { sum: [1, 2, 3].reduce((a, b) => a + b) };',
      inputs: {},
    });
    expect(result.output).toBe('{"sum":6}');
  });

  it('treats input text as data: quotes in it are not code', async () => {
    const hostile = '"); globalThis.pwned = true; ("';
    const result = await sandbox.run({
      program: 'return inputs.F1.text.length + ":" + typeof globalThis.pwned;',
      inputs: { F1: { text: hostile } },
    });
    expect(result.output).toBe(`${hostile.length}:undefined`);
  });

  it('runs the program again on each other set of inputs in the same worker, each in a fresh runtime of its own', async () => {
    const doubled = await sandbox.run({
      program:
        'globalThis.seen = (globalThis.seen ?? 0) + 1; return inputs.F1.numbers[0] * 2 + ":" + globalThis.seen;',
      inputs: { F1: { numbers: [10] } },
      alsoOn: [{ F1: { numbers: [22] } }, { F1: { numbers: [5] } }],
    });
    expect(doubled).toMatchObject({ output: '20:1', alsoOutputs: ['44:1', '10:1'] });
    const constant = await sandbox.run({ program: 'return 99;', inputs: {}, alsoOn: [{ F1: 1 }] });
    expect(constant.alsoOutputs).toEqual([constant.output]);
    // A later run failing (here out of memory) leaves the others' outputs, with none of its own.
    const failsOnOther = await sandbox.run({
      program: 'if (inputs.grow) { let text = "x"; for (;;) text += text; } return "ok";',
      inputs: { grow: false },
      alsoOn: [{ grow: true }, { grow: false }],
    });
    expect(failsOnOther.output).toBe('ok');
    expect(failsOnOther.alsoOutputs).toEqual([undefined, 'ok']);
  });

  it('gives every program a fresh context: nothing a program leaves behind reaches the next', async () => {
    await sandbox.run({
      program: 'globalThis.leftover = 42; Object.prototype.polluted = 1; return 1;',
      inputs: {},
    });
    const next = await sandbox.run({
      program: 'return [typeof globalThis.leftover, typeof ({}).polluted];',
      inputs: {},
    });
    expect(next.output).toBe('["undefined","undefined"]');
  });

  it('is deterministic: no clock, no randomness, explicit dates work', async () => {
    const days = await sandbox.run({
      program: 'return (new Date("2024-03-01") - new Date("2024-02-01")) / 86400000;',
      inputs: {},
    });
    expect(days.output).toBe('29');
    for (const program of [
      'return Math.random();',
      'return Date.now();',
      'return new Date().getTime();',
      'return Date();',
    ]) {
      const error = await failureOf(program);
      expect(error.code).toBe('compute_program_error');
      expect(error.message).toMatch(/not available: a computation must give the same output/);
    }
  });

  it.each([
    ['an infinite loop', 'while (true) {}', 'compute_timeout', /ran past its 1000 ms limit/],
    [
      'a catastrophic regular expression',
      'return /(a+)+b/.test("a".repeat(40));',
      'compute_timeout',
      /limit/,
    ],
    [
      'a memory bomb',
      'const parts = []; while (true) parts.push(new Array(1e5).fill(parts.length));',
      /compute_(memory|timeout)/,
      /memory|limit/,
    ],
    [
      'a stack overflow',
      'function deeper(n) { return deeper(n + 1) + 1; }\nreturn deeper(0);',
      'compute_stack',
      /use a loop instead of recursion/,
    ],
    ['a huge output', 'return "x".repeat(100000);', 'compute_output_too_large', /return only the figures/],
    ['process', 'return process.env;', 'compute_program_error', /'process' is not defined/],
    [
      'require',
      'return require("fs").readFileSync("/etc/passwd", "utf8");',
      'compute_program_error',
      /'require' is not defined/,
    ],
    ['fetch', 'return fetch("http://127.0.0.1/");', 'compute_program_error', /'fetch' is not defined/],
    [
      'globalThis.constructor',
      'return globalThis.constructor.constructor("return process")().env;',
      'compute_program_error',
      /'process' is not defined/,
    ],
    [
      'Function("return this")',
      'return Function("return this")().process.exit(1);',
      'compute_program_error',
      /TypeError/,
    ],
    ['import()', 'return import("node:fs");', 'compute_program_error', /returned a Promise/],
    ['a syntax error', 'return (1 + ;', 'compute_syntax', /does not parse/],
    ['no return', 'const x = 1;', 'compute_no_output', /end it with return/],
    ['a division by zero', 'return 1 / 0;', 'compute_program_error', /Infinity/],
  ])('ends %s with a clear error', async (_name, program, code, message) => {
    const error = await failureOf(program);
    expect(error.code).toMatch(code);
    expect(error.message).toMatch(message);
  });

  // Memory runs out before any clock on an idle machine; a loaded one must not turn it into a timeout.
  const roomy = createComputeSandbox({ limits: { timeMs: 60_000 } });
  it.each([
    ['one huge allocation', 'return new Array(1e8).fill(0).length;', /more than its 16 MB/],
    ['a string that doubles forever', 'let text = "x"; while (true) text += text;', /memory/],
  ])('ends %s by its memory limit, however long that takes', async (_name, program, message) => {
    const error = await roomy.run({ program, inputs: {} }).then(
      (output) => new Error(`expected a failure, got ${output.output}`),
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(ComputeError);
    expect((error as ComputeError).code).toBe('compute_memory');
    expect((error as ComputeError).message).toMatch(message);
  });

  it('goes on computing after every kind of failure', async () => {
    expect((await sandbox.run({ program: 'return 6 * 7;', inputs: {} })).output).toBe('42');
  });

  it('refuses inputs and programs over their limits before starting', async () => {
    const small = createComputeSandbox({ limits: { inputChars: 100, programChars: 50 } });
    await expect(
      small.run({ program: 'return 1;', inputs: { F1: { text: 'x'.repeat(200) } } }),
    ).rejects.toMatchObject({
      code: 'compute_input_too_large',
    });
    await expect(small.run({ program: `return ${'1 + '.repeat(30)}1;`, inputs: {} })).rejects.toMatchObject({
      code: 'compute_input_too_large',
    });
  });

  it('keeps the host event loop turning while a program spins', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 10);
    const error = await failureOf('while (true) {}');
    clearInterval(timer);
    expect(error.code).toBe('compute_timeout');
    expect(ticks).toBeGreaterThan(5);
  });

  it('ends the program when its run is stopped', async () => {
    const controller = new AbortController();
    const running = sandbox.run({ program: 'while (true) {}', inputs: {}, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toMatchObject({ code: 'compute_cancelled' });
  });
});
