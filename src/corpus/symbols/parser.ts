import { Language, Parser, Query } from 'web-tree-sitter';
import { grammarFile } from './grammar-file.js';
import { type LanguageQueries, languageQueries } from './languages.js';

/** A grammar with its compiled queries, ready to parse. */
export interface LoadedGrammar {
  name: string;
  parser: Parser;
  queries: LanguageQueries;
  /**
   * Definitions, calls and references compiled as one query, in that order: one walk of a file's
   * tree finds all three (three queries walked it three times), told apart by capture name.
   */
  query: Query;
}

let initialised: Promise<void> | undefined;
const grammars = new Map<string, Promise<LoadedGrammar>>();

async function loadGrammar(name: string, queries: LanguageQueries): Promise<LoadedGrammar> {
  initialised ??= Parser.init();
  await initialised;
  const language = await Language.load(grammarFile(queries.wasm));
  const parser = new Parser();
  parser.setLanguage(language);
  return {
    name,
    parser,
    queries,
    query: new Query(language, `${queries.definitions}\n${queries.calls}\n${queries.references}`),
  };
}

/**
 * The parser and queries of a grammar (`typescript`, `tsx`, `javascript`, `python`, `go`), loaded
 * once per process; `undefined` for a grammar without queries.
 */
export function grammarFor(name: string): Promise<LoadedGrammar> | undefined {
  const queries = languageQueries[name];
  if (!queries) return undefined;
  let grammar = grammars.get(name);
  if (!grammar) {
    grammar = loadGrammar(name, queries);
    grammars.set(name, grammar);
  }
  return grammar;
}
