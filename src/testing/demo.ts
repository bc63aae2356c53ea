/**
 * Starts the fake model, search and page servers and prints the command that researches against
 * them, so the CLI can be tried by hand without any key or network: `npm run demo`.
 */
import { startDemoWorld } from './demo-world.js';

const world = await startDemoWorld();
const quoted = world.args.map((arg) => (/^[\w:/.\-,]+$/.test(arg) ? arg : `'${arg}'`)).join(' ');
process.stdout.write(`Fake model:  ${world.llm.url}
Fake search: ${world.search.url}
Fake pages:  ${world.pages.url}

In another terminal, try:
  npx deepresearch "When was the Eiffel Tower completed?" ${quoted}
  npx deepresearch serve ${quoted}

Press Ctrl-C to stop the fakes.
`);
const stop = async () => {
  await world.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
