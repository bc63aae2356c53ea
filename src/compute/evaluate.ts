import type { QuickJSSyncVariant } from 'quickjs-emscripten-core';
import type { ComputeWorkerMessage, ComputeWorkerRequest } from './messages.js';
import {
  describeThrown,
  failure,
  limitReached,
  type QuickJsContext,
  type QuickJsHandle,
  takeString,
} from './read-result.js';
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

/** The program's output, or why there is none; `describe` is the prelude's (see `PRELUDE`). */
function outcome(options: {
  context: QuickJsContext;
  describe: QuickJsHandle;
  request: ComputeWorkerRequest;
  pastDeadline: () => boolean;
  elapsed: () => number;
}): ComputeWorkerMessage {
  const { context, describe, request, pastDeadline, elapsed } = options;
  const result = context.evalCode(RUN, 'program.js');
  if (result.error) {
    const thrown = describeThrown({ context, describe, thrown: result.error, pastDeadline });
    return failure(thrown, elapsed());
  }
  // Nothing of the program runs from here on: the value is read by its type and length only.
  const taken = takeString(context, result.value, request.limits.outputChars);
  result.value.dispose();
  if ('text' in taken) return { type: 'done', output: taken.text, durationMs: elapsed() };
  if ('tooLong' in taken) {
    const message = `${taken.tooLong} characters`;
    return { type: 'failed', code: 'compute_output_too_large', message, durationMs: elapsed() };
  }
  const message = `the sandbox left a ${taken.notString} instead of text`;
  return { type: 'failed', code: 'compute_unavailable', message, durationMs: elapsed() };
}

/**
 * Runs one program in a fresh QuickJS runtime and context with the request's limits (memory,
 * stack, an interrupt at the deadline) and disposes of both: nothing survives to the next
 * program. QuickJS offers no file system, network, `process`, `require` or host objects; only the
 * inputs (a string) and the program (a string) cross in, and only a string of bounded length
 * crosses out (the output, or the error's name and message).
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
  // The monotonic clock: the worker's `Date.now` is stopped (see `stopEngineClock`).
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  const deadline = started + limits.timeMs;
  const pastDeadline = () => performance.now() > deadline;
  runtime.setInterruptHandler(pastDeadline);
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
      // The program has not run yet: only a limit (a tiny memory or time limit) stops the prelude.
      prelude.error.dispose();
      return failure(limitReached(pastDeadline), elapsed());
    }
    const describe = prelude.value;
    try {
      return outcome({ context, describe, request, pastDeadline, elapsed });
    } finally {
      describe.dispose();
    }
  } finally {
    context.dispose();
    runtime.dispose();
  }
}
