import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ConfigError, describeError } from '../../errors.js';

/** A tool's answer: text for the model reading it, and the same data as structured content. */
export function toolResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/**
 * A failure as an MCP tool error (`isError: true`), so the calling model sees what went wrong and
 * can fix its arguments: the message names the argument for bad options, never a stack trace.
 */
export function toolError(error: unknown): CallToolResult {
  const described = describeError(error);
  const field = error instanceof ConfigError ? error.field : undefined;
  return {
    content: [{ type: 'text', text: described.message }],
    structuredContent: { error: { ...described, ...(field ? { field } : {}) } },
    isError: true,
  };
}

/** Runs a tool's work and turns anything it throws into a tool error. */
export async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return toolError(error);
  }
}
