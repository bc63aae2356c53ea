/**
 * Starts the fake model, search and page servers and prints the command that researches against
 * them, so the CLI can be tried by hand without any key or network: `npm run demo`.
 */
import { demoModel } from './demo-model.js';
import { demoShowcasePages, startDemoWorld } from './demo-world.js';

const world = await startDemoWorld({ script: demoModel, pages: demoShowcasePages });
const quoted = world.args.map((arg) => (/^[\w:/.\-,]+$/.test(arg) ? arg : `'${arg}'`)).join(' ');
process.stdout.write(`Fake model:  ${world.llm.url}
Fake search: ${world.search.url}
Fake pages:  ${world.pages.url}

The fake model is scripted: whatever you ask, it searches, reads the same three pages about the
Eiffel Tower (two of them disagree on its height) and answers with sentences from them, saying so
in its answer. Its moves are canned too: with --clarify it asks one question, it computes one
difference of two figures, and its follow-ups name what it found. Given a folder (--corpus), it
maps, searches and reads the folder's files and quotes their comments. It shows how a run looks
(progress, citations, verified quotes, conflicts, the web UI), not what the research finds.

In another terminal, try:
  npx deepresearch "When was the Eiffel Tower completed?" ${quoted}
  npx deepresearch "How tall is the Eiffel Tower?" ${quoted} --clarify
  npx deepresearch "How are search results ranked?" ${quoted} --corpus src
  npx deepresearch serve ${quoted}

Press Ctrl-C to stop the fakes.
`);
const stop = async () => {
  await world.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
