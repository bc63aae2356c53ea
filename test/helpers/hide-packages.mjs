// Loaded with `node --import` (through NODE_OPTIONS): makes the packages named in
// DEEPRESEARCH_TEST_HIDDEN_PACKAGES (comma-separated) unresolvable, as in a lean install that left
// them out, without touching node_modules.
import { register } from 'node:module';

register('./hide-packages-hooks.mjs', import.meta.url);
