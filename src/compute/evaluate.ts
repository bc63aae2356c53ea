import type { QuickJSSyncVariant } from 'quickjs-emscripten-core';
import type { ComputeWorkerMessage, ComputeWorkerRequest } from './messages.js';
import { PRELUDE, RUN } from './sandbox-source.js';

type QuickJsModule = Awaited<
  ReturnType<typeof import('quickjs-emscripten-core')['newQuickJSWASMModuleFromVariant']>
>;

let loading: Promise<QuickJsModule> | undefined;

/** The QuickJS WebAssembly module, loaded on first use (the release build without asyncify). */
export function loadQuickJs(): Promise<QuickJsModule> {
  loading ??= (async () => {
    const [{ newQuickJSWASMModuleFromVariant }, variant] = await Promise.all([
      import('quickjs-emscripten-core'),
      import('@jitl/quickjs-wasmfile-release-sync'),
    ]);
    // Its types describe the CommonJS build; imported as ESM, the default export is the variant.
    return newQuickJSWASMModuleFromVariant(variant.default as unknown as QuickJSSyncVariant);
  })();
  return loading;
}

type QuickJsContext = ReturnType<ReturnType<QuickJsModule['newRuntime']>['newContext']>;
type QuickJsHandle = Parameters<QuickJsContext['dump']>[0];

/** The thrown value as plain data, disposed of; a value that cannot be read (out of memory) as its kind. */
function dump(context: QuickJsContext, handle: QuickJsHandle): unknown {
  try {
    return context.dump(handle);
  } catch {
    // Reading the error needs memory too; when there is none left, say so.
    return { name: 'InternalError', message: 'out of memory' };
  } finally {
    handle.dispose();
  }
}

/** An error as QuickJS dumps it: `{ name, message }` for an Error, anything for a thrown value. */
function failure(dumped: unknown, durationMs: number): Extract<ComputeWorkerMessage, { type: 'failed' }> {
  const error = (typeof dumped === 'object' && dumped !== null ? dumped : {}) as {
    name?: unknown;
    message?: unknown;
  };
  const name = typeof error.name === 'string' ? error.name : 'Error';
  const message = typeof error.message === 'string' ? error.message : String(dumped);
  const failed = (code: string, text: string) => ({
    type: 'failed' as const,
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

/**
 * Runs one program in a fresh QuickJS runtime and context with the request's limits (memory,
 * stack, an interrupt at the deadline) and disposes of both: nothing survives to the next
 * program. QuickJS offers no file system, network, `process`, `require` or host objects; only the
 * inputs (a string) and the program (a string) cross in, and only the output string crosses out.
 */
export async function evaluateProgram(
  request: ComputeWorkerRequest,
  onStart: () => void = () => {},
): Promise<ComputeWorkerMessage> {
  const quickJs = await loadQuickJs();
  const runtime = quickJs.newRuntime();
  const { limits } = request;
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const context = runtime.newContext();
  onStart();
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  const deadline = Date.now() + limits.timeMs;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  try {
    for (const [name, value] of [
      ['__inputsJson', request.inputsJson],
      ['__program', request.program],
    ] as const) {
      const handle = context.newString(value);
      context.setProp(context.global, name, handle);
      handle.dispose();
    }
    const prelude = context.evalCode(PRELUDE, 'prelude.js');
    if (prelude.error) {
      const dumped = dump(context, prelude.error);
      return failure(dumped, elapsed());
    }
    prelude.value.dispose();
    const result = context.evalCode(RUN, 'program.js');
    if (result.error) {
      const dumped = dump(context, result.error);
      return failure(dumped, elapsed());
    }
    const lengthHandle = context.getProp(result.value, 'length');
    const length = context.getNumber(lengthHandle);
    lengthHandle.dispose();
    if (length > limits.outputChars) {
      result.value.dispose();
      return {
        type: 'failed',
        code: 'compute_output_too_large',
        message: `${length} characters`,
        durationMs: elapsed(),
      };
    }
    const output = context.getString(result.value);
    result.value.dispose();
    return { type: 'done', output, durationMs: elapsed() };
  } finally {
    context.dispose();
    runtime.dispose();
  }
}
