import { SEARCH_MODES, SECRET_FILE_MODES } from '../constants.js';
import type { FieldRow } from '../field.js';

/**
 * Options of local-corpus research: the folders (for `ask`, `serve`, `index` and `search`), the
 * embedding model, and what only `index` and `search` take.
 */
export const corpusFields: readonly FieldRow[] = [
  {
    key: 'corpus',
    groups: ['research', 'corpus'],
    flag: 'corpus',
    kind: 'list',
    value: 'FOLDER',
    help: 'Research this folder of documents or code with the corpus tools (repeatable); the web is off unless --web.',
    quick: 'text',
  },
  {
    key: 'web',
    groups: ['research'],
    flag: 'web',
    kind: 'boolean',
    help: 'With --corpus: also search and read the web.',
  },
  {
    key: 'embedModel',
    groups: ['research', 'corpus'],
    flag: 'embed-model',
    kind: 'string',
    env: 'DEEPRESEARCH_EMBED_MODEL',
    value: 'ID',
    help: 'Embedding model for semantic corpus search, e.g. ollama:nomic-embed-text.',
  },
  {
    key: 'embedBaseURL',
    groups: ['research', 'corpus'],
    flag: 'embed-base-url',
    kind: 'string',
    env: 'DEEPRESEARCH_EMBED_BASE_URL',
    value: 'URL',
    help: 'Embedding server for openai-compatible or ollama embedding models.',
  },
  {
    key: 'index',
    groups: ['corpus'],
    flag: 'index',
    kind: 'string',
    value: 'FILE',
    help: 'Index file of one folder (default: in your data directory, one per folder).',
    quick: 'text',
  },
  {
    key: 'secretFiles',
    groups: ['corpus'],
    flag: 'secret-files',
    kind: 'string',
    value: 'MODE',
    help: "Secret files of the folder (.env, keys, credentials): skip or index; the folder's index remembers the choice (at first: skip).",
    quick: { oneOf: SECRET_FILE_MODES },
  },
  {
    key: 'mode',
    groups: ['corpus'],
    flag: 'mode',
    kind: 'string',
    value: 'MODE',
    help: 'search: lexical, semantic (needs --embed-model) or hybrid.',
    quick: { oneOf: SEARCH_MODES },
  },
  {
    key: 'limit',
    groups: ['corpus'],
    flag: 'limit',
    kind: 'integer',
    value: 'N',
    help: 'search: hits per query.',
    quick: { min: 1, max: 1000 },
  },
  {
    key: 'queries',
    groups: ['corpus'],
    flag: 'queries',
    kind: 'string',
    value: 'FILE',
    help: 'search: one {"id","query"} JSON object per line, answered in one process.',
    quick: 'text',
  },
  {
    key: 'maxFileSize',
    groups: ['corpus'],
    flag: 'max-file-size',
    kind: 'integer',
    value: 'MB',
    help: 'Largest file indexed, in MB (without it: 1 for text and code, 20 for HTML and PDF).',
    quick: { min: 1, max: 4096 },
  },
];
