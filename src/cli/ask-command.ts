import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResearchConfig } from '../config/index.js';
import type { ResearchResult } from '../contract/index.js';
import type { McpServerEntry } from '../mcp/index.js';
import { checkSetupForCli } from './check-setup.js';
import { resultToJson, resultToMarkdown } from './format.js';
import { createProgressRenderer } from './progress.js';

export interface AskCommandOptions {
  question: string;
  config: ResearchConfig;
  json: boolean;
  quiet: boolean;
  out?: string;
  /** MCP servers whose search and read tools the run also uses; ended when the run ends. */
  mcpServers?: readonly McpServerEntry[];
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Aborted on Ctrl-C: the run ends `cancelled` and its partial result is still printed. */
  signal: AbortSignal;
}

/** Runs one research question and prints the result; resolves with the process exit code. */
export async function runAskCommand(options: AskCommandOptions): Promise<number> {
  // A missing key or unknown provider is a usage error before any work, not a failed run.
  await checkSetupForCli(options.config, options.env);
  const { research } = await import('../research/index.js');
  // MCP servers start before the progress line, so a server that fails to start leaves no half line.
  const mcp = options.mcpServers?.length
    ? await (await import('./mcp-command.js')).openMcpTools(options.mcpServers, options)
    : undefined;
  const progress = options.quiet
    ? undefined
    : createProgressRenderer({
        stream: options.stderr,
        isTTY: Boolean(options.stderr.isTTY),
        tokenBudget: options.config.tokenBudget,
      });
  let result: ResearchResult;
  try {
    const runtime = { signal: options.signal, env: options.env, onEvent: progress?.onEvent };
    result = await research(
      { ...options.config, question: options.question },
      mcp ? mcp.wrap(runtime, options.config) : runtime,
    );
  } finally {
    progress?.close();
    await mcp?.close();
  }
  const output = options.json
    ? `${JSON.stringify(resultToJson(result), null, 2)}\n`
    : resultToMarkdown(result);
  if (options.out) {
    const path = resolve(options.cwd, options.out);
    await writeFile(path, output, 'utf8');
    if (!options.quiet) options.stderr.write(`Wrote ${path}\n`);
  } else {
    options.stdout.write(output);
  }
  if (result.status === 'failed' && result.error && !options.json) {
    options.stderr.write(`deepresearch: ${result.error.message}\n`);
  }
  if (result.status === 'cancelled') return 130;
  return result.status === 'failed' ? 1 : 0;
}
