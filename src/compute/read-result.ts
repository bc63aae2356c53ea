import { ERROR_NAME_CHARS, ERROR_TEXT_CHARS } from './limits.js';
import type { ComputeWorkerMessage } from './messages.js';

type QuickJsModule = Awaited<
  ReturnType<typeof import('quickjs-emscripten-core')['newQuickJSWASMModuleFromVariant']>
>;
/** A QuickJS context, as `evaluateProgram` makes one. */
export type QuickJsContext = ReturnType<ReturnType<QuickJsModule['newRuntime']>['newContext']>;
/** A value inside that context. */
export type QuickJsHandle = Parameters<QuickJsContext['dump']>[0];

type Failed = Extract<ComputeWorkerMessage, { type: 'failed' }>;

/**
 * A string of the sandbox, read only when it is a primitive string of at most `chars` characters.
 * The type and the length of a primitive are read by the engine, not through any object of the
 * program (no getter, `toString` or Proxy of it runs): a program cannot make a long text look short.
 */
export function takeString(
  context: QuickJsContext,
  handle: QuickJsHandle,
  chars: number,
): { text: string } | { tooLong: number } | { notString: string } {
  const type = context.typeof(handle);
  if (type !== 'string') return { notString: type };
  const lengthHandle = context.getProp(handle, 'length');
  const length = context.getNumber(lengthHandle);
  lengthHandle.dispose();
  if (length > chars) return { tooLong: length };
  const text = context.getString(handle);
  // Read again on the host: the length above is the engine's count, this is what crosses.
  return text.length > chars ? { tooLong: text.length } : { text };
}

/**
 * A thrown value as `{ name, message }`, through the prelude's `describe` (which cuts both inside
 * the sandbox). When describing it fails too (a getter of the program ran past the deadline, or no
 * memory was left to build the text), that is the failure.
 */
export function describeThrown(options: {
  context: QuickJsContext;
  describe: QuickJsHandle;
  thrown: QuickJsHandle;
  pastDeadline: () => boolean;
}): { name: string; message: string } {
  const { context, describe, thrown, pastDeadline } = options;
  const described = context.callFunction(describe, context.undefined, thrown);
  thrown.dispose();
  if (described.error) {
    described.error.dispose();
    return limitReached(pastDeadline);
  }
  const taken = takeString(context, described.value, ERROR_NAME_CHARS + 1 + ERROR_TEXT_CHARS);
  described.value.dispose();
  if (!('text' in taken)) return { name: 'Error', message: 'a value that cannot be read' };
  const newline = taken.text.indexOf('\n');
  return { name: taken.text.slice(0, newline), message: taken.text.slice(newline + 1) };
}

/**
 * The engine's error when nothing more can be read from the sandbox: the deadline, once it has
 * passed, else the memory limit (the only other way code the program did not write can fail).
 */
export function limitReached(pastDeadline: () => boolean): { name: string; message: string } {
  return { name: 'InternalError', message: pastDeadline() ? 'interrupted' : 'out of memory' };
}

/** The failure a thrown error stands for: the engine's limits by their messages, else the program's. */
export function failure(error: { name: string; message: string }, durationMs: number): Failed {
  const { name, message } = error;
  const failed = (code: string, text: string): Failed => ({
    type: 'failed',
    code,
    message: text,
    durationMs,
  });
  if (name === 'InternalError' && message === 'interrupted') return failed('compute_timeout', 'interrupted');
  if (name === 'InternalError' && /out of memory|string too long|array too long/i.test(message))
    return failed('compute_memory', message);
  if (/stack overflow|call stack/i.test(message)) return failed('compute_stack', message);
  if (name === 'TypeError' && message === '__no_output__')
    return failed('compute_no_output', 'no value returned');
  if (name === 'SyntaxError') return failed('compute_syntax', `SyntaxError: ${message}`);
  return failed('compute_program_error', `${name}: ${message}`);
}
