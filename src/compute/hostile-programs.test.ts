/**
 * Programs that attack the sandbox's limits from inside: they replace the built-ins the sandbox
 * uses after them, hand back objects that lie about their length, throw huge or unreadable values,
 * and look for the real clock. Each must end within the limits, with a clear error where it fails.
 */
import { describe, expect, it } from 'vitest';
import { ComputeError } from './errors.js';
import { createComputeSandbox } from './sandbox.js';

/**
 * These programs attack the output, error and clock limits, not the time limit: a time limit far past
 * what any of them takes keeps a busy machine (building 3 MB strings at load 30) from ending one with
 * `compute_timeout` before it meets the limit under test. The one that must spin to its time limit
 * runs in a sandbox with the default limits.
 */
const sandbox = createComputeSandbox({ limits: { timeMs: 60_000 } });
const defaultSandbox = createComputeSandbox();

async function outcomeOf(
  program: string,
  on: typeof sandbox = sandbox,
): Promise<{ output: string } | ComputeError> {
  return on.run({ program, inputs: {} }).catch((error: unknown) => {
    if (!(error instanceof ComputeError)) throw error;
    return error;
  });
}

const HUGE = 'const huge = "x".repeat(3e6);';

describe('a program cannot get more than its output limit out', () => {
  it.each([
    [
      'JSON.stringify replaced by one that returns an object of length 0 whose text is 3 MB',
      `${HUGE} JSON.stringify = () => ({ length: 0, toString: () => huge, valueOf: () => huge }); return { a: 1 };`,
      { output: '{"a":1}' },
    ],
    [
      'JSON.stringify replaced by one that returns a short text for a 3 MB value',
      `${HUGE} JSON.stringify = () => "short"; return { text: huge };`,
      { code: 'compute_output_too_large' },
    ],
    [
      'a String object of 3 MB from a replaced JSON.stringify',
      `${HUGE} JSON.stringify = () => new String(huge); return 1;`,
      { output: '1' },
    ],
    [
      'a result with a length getter and Symbol.toPrimitive',
      `${HUGE} return { get length() { return 0; }, [Symbol.toPrimitive]: () => huge, toString: () => huge };`,
      { output: '{"length":0}' },
    ],
    [
      'a toJSON that returns 3 MB',
      `${HUGE} return { toJSON: () => huge };`,
      { code: 'compute_output_too_large' },
    ],
    [
      'a Proxy whose traps answer with 3 MB',
      `${HUGE} return new Proxy({}, { ownKeys: () => ["a"], getOwnPropertyDescriptor: () => ({ value: huge, enumerable: true, configurable: true }), get: () => huge });`,
      { code: 'compute_output_too_large' },
    ],
    [
      'Number.isFinite and Promise replaced before returning Infinity',
      'Number.isFinite = () => true; globalThis.Promise = function () {}; return 1 / 0;',
      { code: 'compute_program_error' },
    ],
  ])('%s', async (_name, program, expected) => {
    const outcome = await outcomeOf(program);
    if ('output' in expected) expect(outcome).toMatchObject({ output: expected.output });
    else expect(outcome).toMatchObject({ code: expected.code });
    if (outcome instanceof ComputeError) expect(outcome.message.length).toBeLessThan(1_000);
  });

  it.each([
    ['an Error with a 3 MB message', `${HUGE} throw new Error(huge);`, 'compute_program_error'],
    ['a thrown 3 MB string', `${HUGE} throw huge;`, 'compute_program_error'],
    [
      'an Error with a 3 MB name',
      `${HUGE} const error = new Error("m"); error.name = huge; throw error;`,
      'compute_program_error',
    ],
    [
      'an object whose message getter throws',
      'throw { get message() { throw huge; } };',
      'compute_program_error',
    ],
    [
      'a Proxy whose every trap throws',
      'throw new Proxy({}, { get() { throw 1; } });',
      'compute_program_error',
    ],
    ['an object whose message getter spins', 'throw { get message() { for (;;) {} } };', 'compute_timeout'],
  ])('cuts what it throws: %s', async (_name, program, code) => {
    const outcome = await outcomeOf(program, code === 'compute_timeout' ? defaultSandbox : sandbox);
    expect(outcome).toMatchObject({ code });
    expect((outcome as ComputeError).message.length).toBeLessThan(1_000);
  });
});

describe('a program cannot read the clock', () => {
  /** Every path to a Date constructor a program might take, each asked for the current time. */
  const PATHS: [string, string][] = [
    ['Date.prototype.constructor', 'new Date.prototype.constructor().getTime()'],
    ['the constructor of a date', 'new (Object.getPrototypeOf(new Date(0)).constructor)().getTime()'],
    ['the constructor of a date, called', 'new Date(0).constructor()'],
    ['a subclass of Date', 'new (class extends Date {})().getTime()'],
    ['Reflect.construct', 'Reflect.construct(Date, []).getTime()'],
    ['Date.now through call', 'Date.now.call(null)'],
    ['the global Date through Function', 'new (Function("return Date")())().getTime()'],
    ['the constructor through eval', 'eval("new Date.prototype.constructor()").getTime()'],
    ['the names the prelude used', 'new HostDate().getTime()'],
  ];

  it('refuses every path to the current time, saying why', async () => {
    // One program tries them all: each path's outcome, refused or what it read.
    const program = `return [${PATHS.map(([, path]) => `(() => { try { return String(${path}); } catch (error) { return /not available: a computation must give the same output/.test(error.message) ? "refused" : error.name; } })()`).join(', ')}];`;
    const outcome = await outcomeOf(program);
    const refused = PATHS.map(([name]) => [
      name,
      name === 'the names the prelude used' ? 'ReferenceError' : 'refused',
    ]);
    expect(outcome).toHaveProperty('output');
    const read = JSON.parse((outcome as { output: string }).output) as string[];
    expect(PATHS.map(([name], index) => [name, read[index]])).toEqual(refused);
  });

  it('leaves no name of the sandbox own code in reach, and no other clock', async () => {
    const outcome = await outcomeOf(
      'return [typeof HostDate, typeof GuardedDate, typeof notDeterministic, typeof describe, typeof performance, typeof Intl, typeof os, typeof std].join();',
    );
    expect(outcome).toMatchObject({ output: Array(8).fill('undefined').join() });
  });
});

describe('programs that spin at once', () => {
  it('each end at their own time limit, in turns, none for want of a sandbox', {
    timeout: 300_000,
  }, async () => {
    // The limit expected to expire is short; nothing here must be met in time but the start limit
    // of each worker, which waiting in turn keeps.
    const spinning = createComputeSandbox({ limits: { timeMs: 100 } });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        spinning.run({ program: 'for (;;) {}', inputs: {} }).then(
          () => 'finished',
          (error: ComputeError) => error.code,
        ),
      ),
    );
    expect(outcomes).toEqual(Array(20).fill('compute_timeout'));
  });
});
