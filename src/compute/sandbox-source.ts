/**
 * What the sandbox evaluates before and around a program, inside QuickJS (never in the host).
 * The inputs arrive as a JSON string (`__inputsJson`) and the program as a string (`__program`):
 * both are data, parsed inside; the program becomes the body of `function (inputs)` through the
 * sandbox's own `Function`, so no text of it is spliced into code here.
 */

/**
 * Takes away what would make a program's output change between runs (the clock, randomness), so
 * that re-running it reproduces its output; dates given explicitly still work.
 */
export const PRELUDE = `'use strict';
globalThis.inputs = JSON.parse(globalThis.__inputsJson);
delete globalThis.__inputsJson;
const notDeterministic = (what) => () => {
  throw new Error(what + ' is not available: a computation must give the same output every time it runs; take dates and numbers from inputs.');
};
Math.random = notDeterministic('Math.random');
const HostDate = Date;
HostDate.now = notDeterministic('Date.now');
globalThis.Date = new Proxy(HostDate, {
  construct(target, args, newTarget) {
    if (args.length === 0) notDeterministic('new Date() without arguments (the current time)')();
    return Reflect.construct(target, args, newTarget);
  },
  apply: notDeterministic('Date() (the current time)'),
});
`;

/** Runs the program with `inputs` and leaves its output as a string (a returned string as is, else its JSON). */
export const RUN = `'use strict';
(() => {
  const program = globalThis.__program;
  delete globalThis.__program;
  const result = new Function('inputs', program)(globalThis.inputs);
  if (typeof result === 'number' && !Number.isFinite(result)) {
    throw new RangeError('the program returned ' + String(result) + ' (an input that is not a number, or a division by zero?)');
  }
  if (result instanceof Promise) throw new TypeError('the program returned a Promise; compute synchronously, there is nothing to wait for');
  if (typeof result === 'string') return result;
  const json = JSON.stringify(result);
  if (json === undefined) throw new TypeError('__no_output__');
  return json;
})()`;
