/**
 * What the sandbox evaluates before and around a program, inside QuickJS (never in the host).
 * The inputs arrive as a JSON string (`__inputsJson`) and the program as a string (`__program`):
 * both are data, parsed inside; the program becomes the body of `function (inputs)` through the
 * sandbox's own `Function`, so no text of it is spliced into code here. Both scripts keep their
 * names inside a function: a `const` at a script's top level would be a global binding the program
 * could read by name.
 */

import { ERROR_NAME_CHARS, ERROR_TEXT_CHARS } from './limits.js';

/**
 * Takes away what would make a program's output change between runs (the clock, randomness), so
 * that re-running it reproduces its output; dates given explicitly still work. The real `Date`
 * stays reachable through `Date.prototype.constructor` unless that points at the guard too. (The
 * engine's own clock is stopped as well, see `stopEngineClock`: these errors are what a program
 * that asks for the time is told.)
 *
 * Its value is a function the host keeps (no program can name it) that describes a thrown value
 * as one primitive string, `name` and `message` cut to their lengths on two lines, with the
 * built-ins taken before the program ran: an error's text crosses to the host bounded, whatever
 * the program threw (a 5 MB message, a Proxy, an object whose getters throw).
 */
export const PRELUDE = `'use strict';
(() => {
  globalThis.inputs = JSON.parse(globalThis.__inputsJson);
  delete globalThis.__inputsJson;
  const notDeterministic = (what) => () => {
    throw new Error(what + ' is not available: a computation must give the same output every time it runs; take dates and numbers from inputs.');
  };
  Math.random = notDeterministic('Math.random');
  const HostDate = Date;
  HostDate.now = notDeterministic('Date.now');
  const GuardedDate = new Proxy(HostDate, {
    construct(target, args, newTarget) {
      if (args.length === 0) notDeterministic('new Date() without arguments (the current time)')();
      return Reflect.construct(target, args, newTarget);
    },
    apply: notDeterministic('Date() (the current time)'),
  });
  Object.defineProperty(HostDate.prototype, 'constructor', { value: GuardedDate, writable: false, configurable: false });
  globalThis.Date = GuardedDate;
  const slice = String.prototype.slice;
  const apply = Reflect.apply;
  const toText = String;
  const cut = (text, chars) => apply(slice, text, [0, chars]);
  const field = (value, key) => {
    try {
      const found = value[key];
      return typeof found === 'string' ? found : undefined;
    } catch {
      return undefined;
    }
  };
  return (thrown) => {
    const isObject = (typeof thrown === 'object' && thrown !== null) || typeof thrown === 'function';
    const name = (isObject ? field(thrown, 'name') : undefined) ?? 'Error';
    const message = isObject ? (field(thrown, 'message') ?? 'a value that is not an error') : toText(thrown);
    return cut(name, ${ERROR_NAME_CHARS}) + '\\n' + cut(message, ${ERROR_TEXT_CHARS});
  };
})();
`;

/**
 * Runs the program with `inputs` and leaves its output as a string (a returned string as is, else
 * its JSON). The built-ins it uses after the program has run are taken before: a program that
 * replaces `JSON.stringify` must not choose what its output is made of. The value left is a
 * primitive string whatever the program did, which the host checks before reading it.
 */
export const RUN = `'use strict';
(() => {
  const stringify = JSON.stringify;
  const isFinite = Number.isFinite;
  const HostPromise = Promise;
  const getPrototypeOf = Object.getPrototypeOf;
  const program = globalThis.__program;
  delete globalThis.__program;
  const result = new Function('inputs', program)(globalThis.inputs);
  if (typeof result === 'number' && !isFinite(result)) {
    throw new RangeError('the program returned ' + result + ' (an input that is not a number, or a division by zero?)');
  }
  if (typeof result === 'string') return result;
  if (typeof result === 'object' && result !== null && getPrototypeOf(result) === HostPromise.prototype) {
    throw new TypeError('the program returned a Promise; compute synchronously, there is nothing to wait for');
  }
  const json = stringify(result);
  if (json === undefined) throw new TypeError('__no_output__');
  return json;
})()`;
