import type { RunSource, ToolName } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import type { Source } from '../../reader/index.js';
import type { StepContext } from './step-context.js';

/** What a tool returned for its `tool-result` event. */
export interface ToolSuccess<T> {
  value: T;
  summary: string;
  output?: Record<string, unknown>;
  /** Pages the call read, for the run's record of its sources. */
  sources?: RunSource[];
}

/** What a `tool-result` event says of a page read: enough to list it, never its text. */
export function runSource(source: Source): RunSource {
  const { url, finalUrl, title, contentHash, fetchedAt } = source;
  return {
    url,
    finalUrl,
    title,
    contentHash,
    fetchedAt,
    ...(source.browser?.screenshot ? { screenshot: true } : {}),
    ...(source.images && source.images.length > 0 ? { images: source.images } : {}),
  };
}

/**
 * Runs one tool call between a `tool-call` and a `tool-result` event. A failure becomes an
 * `ok: false` result with its error code; it is returned, not thrown, so sibling calls go on.
 */
export async function runToolCall<T>(
  context: StepContext,
  options: { tool: ToolName; input: Record<string, unknown>; run: () => Promise<ToolSuccess<T>> },
): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }> {
  const callId = `${context.loop.step}-${options.tool}-${Math.random().toString(36).slice(2, 10)}`;
  context.emit({ type: 'tool-call', callId, tool: options.tool, input: options.input });
  const started = performance.now();
  try {
    const success = await options.run();
    context.emit({
      type: 'tool-result',
      callId,
      tool: options.tool,
      ok: true,
      durationMs: Math.round(performance.now() - started),
      summary: success.summary,
      ...(success.output ? { output: success.output } : {}),
      ...(success.sources ? { sources: success.sources } : {}),
    });
    return { ok: true, value: success.value };
  } catch (error) {
    const described = describeError(error);
    context.emit({
      type: 'tool-result',
      callId,
      tool: options.tool,
      ok: false,
      durationMs: Math.round(performance.now() - started),
      summary: `failed: ${described.message}`,
      error: described,
    });
    return { ok: false, error: described };
  }
}
