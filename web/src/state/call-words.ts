import type { ToolName } from '../../../src/contract/index.js';

type CallInput = Record<string, unknown>;

/** A string field of a call's input, or undefined: inputs come from events and are not trusted. */
function text(input: CallInput, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A number field of a call's input, or undefined. */
function count(input: CallInput, key: string): number | undefined {
  const value = input[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A string field or a list of strings (`query` or `queries`, `url` or `urls`), as one list. */
function list(input: CallInput, one: string, many: string): string[] {
  const values = Array.isArray(input[many]) ? (input[many] as unknown[]) : [input[one]];
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}

/** The pieces present, joined by spaces: a phrase without the parts the call did not have. */
const phrase = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(' ');

const quoted = (values: string[]) => values.map((value) => `“${value}”`).join(', ');

const inCorpus = (input: CallInput) => {
  const corpus = text(input, 'corpus');
  return corpus && `in ${corpus}`;
};

/** How each tool's call reads in words, from the input the engine sends with it (see `steps/`). */
const DESCRIBERS: Record<ToolName, (input: CallInput) => string> = {
  search: (input) => {
    const providers = list(input, 'provider', 'providers');
    return phrase(
      quoted(list(input, 'query', 'queries')),
      text(input, 'timeRange') && `from the past ${text(input, 'timeRange')}`,
      text(input, 'language') && `in language ${text(input, 'language')}`,
      providers.length > 0 && `with ${providers.join(', ')}`,
    );
  },
  read: (input) => list(input, 'url', 'urls').join(', '),
  'deep-read': (input) =>
    [
      phrase(
        text(input, 'url'),
        text(input, 'pattern') && `and the links matching ${text(input, 'pattern')}`,
      ),
      count(input, 'depth') !== undefined && `${count(input, 'depth')} links deep`,
      count(input, 'limit') !== undefined && `at most ${count(input, 'limit')} pages`,
    ]
      .filter(Boolean)
      .join(', '),
  search_corpus: (input) =>
    phrase(
      quoted(list(input, 'query', 'queries')),
      text(input, 'mode') && `(${text(input, 'mode')})`,
      text(input, 'pathPrefix') && `under ${text(input, 'pathPrefix')}`,
      inCorpus(input),
    ),
  read_file: (input) => {
    const start = count(input, 'startLine');
    const end = count(input, 'endLine');
    const lines = start !== undefined && `lines ${start}${end !== undefined ? `–${end}` : ''}`;
    return phrase(text(input, 'path'), lines, inCorpus(input));
  },
  resolve_symbol: (input) =>
    phrase(text(input, 'kind') && `${text(input, 'kind')} of`, text(input, 'name'), inCorpus(input)),
  read_map: (input) =>
    phrase('the repository map', text(input, 'path') && `of ${text(input, 'path')}`, inCorpus(input)),
  compute: (input) => text(input, 'purpose') ?? '',
};

/**
 * An ACTION row's words for a tool call: the queries, addresses or files it works on and its
 * settings, e.g. `“tallest building” from the past year with tavily`. A tool unknown to this page
 * or an input without the expected fields falls back to its fields as `name: value` pairs.
 */
export function describeCall(call: { tool: string; input: CallInput }): string {
  const describe = (DESCRIBERS as Record<string, ((input: CallInput) => string) | undefined>)[call.tool];
  const words = describe?.(call.input) ?? '';
  if (words !== '') return words;
  return Object.entries(call.input)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}
