import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeError } from '../../errors.js';

/** A tool's answer: text for the model reading it, and the same data as structured content. */
export function toolResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/**
 * A failure as an MCP tool error (`isError: true`), so the calling model sees what went wrong and
 * can fix its arguments: the message names the argument for bad options, never a stack trace. No
 * structured content: clients check it against the tool's output schema even on errors.
 */
export function toolError(error: unknown): CallToolResult {
  return { content: [{ type: 'text', text: describeError(error).message }], isError: true };
}

/** Runs a tool's work and turns anything it throws into a tool error. */
export async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return toolError(error);
  }
}
