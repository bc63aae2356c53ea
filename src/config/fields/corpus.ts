import type { ConfigField } from '../field.js';
import { researchConfigSchema } from '../schema.js';
import { corpusSettingsSchema } from '../settings.js';

const research = researchConfigSchema.shape;
const corpus = corpusSettingsSchema.shape;

/**
 * Options of local-corpus research: the folders (for `ask`, `serve`, `index` and `search`), the
 * embedding model, and what only `index` and `search` take.
 */
export const corpusFields: readonly ConfigField[] = [
  {
    key: 'corpus',
    groups: ['research', 'corpus'],
    flag: 'corpus',
    kind: 'list',
    value: 'FOLDER',
    help: 'Research this folder of documents or code with the corpus tools (repeatable); the web is off unless --web.',
    schema: research.corpus,
  },
  {
    key: 'web',
    groups: ['research'],
    flag: 'web',
    kind: 'boolean',
    help: 'With --corpus: also search and read the web.',
    schema: research.web,
  },
  {
    key: 'embedModel',
    groups: ['research', 'corpus'],
    flag: 'embed-model',
    kind: 'string',
    env: 'DEEPRESEARCH_EMBED_MODEL',
    value: 'ID',
    help: 'Embedding model for semantic corpus search, e.g. ollama:nomic-embed-text.',
    schema: research.embedModel,
  },
  {
    key: 'embedBaseURL',
    groups: ['research', 'corpus'],
    flag: 'embed-base-url',
    kind: 'string',
    env: 'DEEPRESEARCH_EMBED_BASE_URL',
    value: 'URL',
    help: 'Embedding server for openai-compatible or ollama embedding models.',
    schema: research.embedBaseURL,
  },
  {
    key: 'index',
    groups: ['corpus'],
    flag: 'index',
    kind: 'string',
    value: 'FILE',
    help: 'Index file of one folder (default: in your data directory, one per folder).',
    schema: corpus.index,
  },
  {
    key: 'secretFiles',
    groups: ['corpus'],
    flag: 'secret-files',
    kind: 'string',
    value: 'MODE',
    help: "Secret files of the folder (.env, keys, credentials): skip or index; the folder's index remembers the choice (at first: skip).",
    schema: corpus.secretFiles,
  },
  {
    key: 'mode',
    groups: ['corpus'],
    flag: 'mode',
    kind: 'string',
    value: 'MODE',
    help: 'search: lexical, semantic (needs --embed-model) or hybrid.',
    schema: corpus.mode,
  },
  {
    key: 'limit',
    groups: ['corpus'],
    flag: 'limit',
    kind: 'integer',
    value: 'N',
    help: 'search: hits per query.',
    schema: corpus.limit,
  },
  {
    key: 'queries',
    groups: ['corpus'],
    flag: 'queries',
    kind: 'string',
    value: 'FILE',
    help: 'search: one {"id","query"} JSON object per line, answered in one process.',
    schema: corpus.queries,
  },
  {
    key: 'maxFileSize',
    groups: ['corpus'],
    flag: 'max-file-size',
    kind: 'integer',
    value: 'MB',
    help: 'Largest file indexed, in MB (without it: 1 for text and code, 20 for HTML and PDF).',
    schema: corpus.maxFileSize,
  },
];
