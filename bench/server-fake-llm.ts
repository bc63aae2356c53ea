/**
 * The benchmark's fake model in its own process, so the server process measured by
 * bench/server-load.ts does not also pay for the model's HTTP and JSON work. Prints its URL.
 *
 *   npx tsx bench/server-fake-llm.ts [delayMs]
 */
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { startFakeLlmServer } from '../src/testing/fake-llm-server.js';

const delayMs = Number(process.argv[2] ?? 500);
const llm = await startFakeLlmServer({
  script: (request) => ({ text: cooperativeResearcher(request), delayMs }),
});
process.stdout.write(`${llm.url}\n`);
process.on('SIGTERM', () => {
  void llm.close().then(() => process.exit(0));
});
