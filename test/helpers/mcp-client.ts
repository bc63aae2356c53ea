import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { expect } from 'vitest';
import type { DemoWorld } from '../../src/testing/demo-world.js';

/** A `tools/call` result as the tests read it. */
export interface ToolCall {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  options: RequestOptions = {},
): Promise<ToolCall> {
  return client.callTool({ name, arguments: args }, undefined, options) as Promise<ToolCall>;
}

/**
 * Starts a research call, cancels it once the run is under way (progress arrived and the model was
 * asked for a reply), and checks the call ends with an error. Returns the progress messages seen.
 */
export async function researchThenCancel(client: Client, world: DemoWorld): Promise<string[]> {
  const controller = new AbortController();
  const progress: string[] = [];
  const pending = callTool(
    client,
    'research',
    { question: 'When was the Eiffel Tower completed?' },
    { signal: controller.signal, onprogress: (update) => progress.push(update.message ?? '') },
  );
  await expect
    .poll(() => progress.length > 0 && world.llm.requests.length > 0, { timeout: 20_000 })
    .toBe(true);
  controller.abort();
  await expect(pending).rejects.toThrow();
  return progress;
}
