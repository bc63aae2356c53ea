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
process.stdin.on('end', () => process.exit(0));
