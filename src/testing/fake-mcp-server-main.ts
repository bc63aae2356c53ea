/**
 * The fake MCP server as a process on stdio, for tests that connect to it like to any MCP server
 * (`fakeMcpServerCommand()` says how to start it). Ends when its stdin closes.
 */
import { writeFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createFakeMcpServer, fakeMcpSettings } from './fake-mcp-server.js';

const settings = fakeMcpSettings(process.argv.slice(2));
if (settings.pidFile) writeFileSync(settings.pidFile, String(process.pid));
const server = createFakeMcpServer(settings.pages, settings.onCall ? { onCall: settings.onCall } : {});
await server.connect(new StdioServerTransport());
// A lingering server outlives its stdin (for a minute at most), so only a signal ends it at once.
process.stdin.on('end', () =>
  settings.linger ? setTimeout(() => process.exit(0), 60_000) : process.exit(0),
);
