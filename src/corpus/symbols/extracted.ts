// The symbols' shapes apart from the extractor: they name no tree-sitter type, so the index's
// declarations that use them never lead a user's type check into web-tree-sitter's.
import type { SymbolKind } from '../types.js';

/** A definition in one file, lines 1-based and inclusive. */
export interface ExtractedDefinition {
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  /** The owner's name: class, receiver type, object (`app` in `app.use = …`). */
  container: string | undefined;
  startLine: number;
  endLine: number;
  /** First line of the comment block just above the definition, else `startLine`. */
  docStartLine: number;
  /** Defined inside a function or method body: a local helper, not part of the file's interface. */
  local: boolean;
}

/** A use of a name in one file; `enclosing` indexes the innermost definition around it, or -1. */
export interface ExtractedReference {
  name: string;
  line: number;
  kind: 'call' | 'type' | 'reference';
  /** A call on an object (`x.get()`): the name may belong to any type, the project's or not. */
  member: boolean;
  enclosing: number;
}

/** What a file defines and uses. */
export interface ExtractedSymbols {
  definitions: ExtractedDefinition[];
  references: ExtractedReference[];
}
