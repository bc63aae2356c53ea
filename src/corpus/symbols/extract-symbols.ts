import type { Node, QueryCapture, QueryMatch } from 'web-tree-sitter';
import type { SymbolKind } from '../types.js';
import type { ExtractedDefinition, ExtractedReference, ExtractedSymbols } from './extracted.js';
import type { LoadedGrammar } from './parser.js';

/** Nodes that wrap a single definition and belong to it (`export`, `const`, decorators, Go `type`). */
const WRAPPERS = new Set([
  'export_statement',
  'lexical_declaration',
  'variable_declaration',
  'decorated_definition',
  'type_declaration',
  'const_declaration',
  'var_declaration',
  'expression_statement',
]);
/** Kinds whose members take their name as container. */
const OWNERS = new Set<SymbolKind>(['class', 'interface', 'module', 'enum', 'type', 'constant', 'variable']);

function rangeNode(node: Node): Node {
  let current = node;
  for (let parent = current.parent; parent && WRAPPERS.has(parent.type); parent = parent.parent) {
    const parts = parent.namedChildren.filter((child) => child && !/comment|decorator/.test(child.type));
    if (parts.length !== 1) break;
    current = parent;
  }
  return current;
}

function docStart(node: Node, commentTypes: readonly string[]): number {
  let start = node.startPosition.row;
  for (let sibling = node.previousNamedSibling; sibling; sibling = sibling.previousNamedSibling) {
    if (!commentTypes.includes(sibling.type) || sibling.endPosition.row < start - 1) break;
    start = sibling.startPosition.row;
  }
  return start + 1;
}

interface Candidate {
  match: QueryMatch;
  name: Node;
}

/** Capture names of the calls' and the references' patterns (see `LanguageQueries`). */
const CALL_CAPTURES = new Set(['call', 'member']);
const REFERENCE_CAPTURES = new Set(['reference', 'reference.type']);

/** What the one query found in a file: definition candidates, calls and references. */
interface Found {
  candidates: Candidate[];
  /** In document order (then pattern order), as a query of their patterns alone captures them. */
  calls: QueryCapture[];
  references: QueryCapture[];
}

const documentOrder = (a: QueryCapture, b: QueryCapture) =>
  a.node.startIndex - b.node.startIndex || a.patternIndex - b.patternIndex;

/** One walk of the tree with the grammar's one query, its matches sorted by what captured them. */
function findAll(grammar: LoadedGrammar, root: Node): Found {
  // Several patterns may name the same node (a const holding an arrow function): the first wins.
  const byName = new Map<number, Candidate>();
  const calls: QueryCapture[] = [];
  const references: QueryCapture[] = [];
  for (const match of grammar.query.matches(root)) {
    const [only] = match.captures;
    if (only && match.captures.length === 1 && CALL_CAPTURES.has(only.name)) {
      calls.push(only);
      continue;
    }
    if (only && match.captures.length === 1 && REFERENCE_CAPTURES.has(only.name)) {
      references.push(only);
      continue;
    }
    const name = match.captures.find((capture) => capture.name === 'name')?.node;
    if (!name) continue;
    const known = byName.get(name.startIndex);
    if (!known || match.patternIndex < known.match.patternIndex) byName.set(name.startIndex, { match, name });
  }
  return {
    candidates: [...byName.values()],
    calls: calls.sort(documentOrder),
    references: references.sort(documentOrder),
  };
}

function insideFunction(node: Node, functionTypes: readonly string[]): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (functionTypes.includes(parent.type)) return true;
  }
  return false;
}

/** A definition with where its text starts and ends in the file (UTF-8 bytes, the end excluded). */
interface Placed {
  definition: ExtractedDefinition;
  startIndex: number;
  endIndex: number;
}

function toDefinition(candidate: Candidate, grammar: LoadedGrammar): Placed | undefined {
  const definition = candidate.match.captures.find((capture) => capture.name.startsWith('definition.'));
  if (!definition) return undefined;
  const node = rangeNode(definition.node);
  const container = candidate.match.captures.find((capture) => capture.name === 'container')?.node.text;
  return {
    definition: {
      name: candidate.name.text,
      qualifiedName: candidate.name.text,
      kind: definition.name.slice('definition.'.length) as SymbolKind,
      container,
      startLine: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      docStartLine: docStart(node, grammar.queries.commentTypes),
      local: insideFunction(node, grammar.queries.functionTypes),
    },
    startIndex: node.startIndex,
    endIndex: node.endIndex,
  };
}

/**
 * Whether `inner`'s text lies within `outer`'s and is not all of it: lines cannot tell (`class A {}
 * class B {}` on one line), and names declared together (Go's `const a, b = 1, 2`) share one text.
 */
function encloses(outer: Placed, inner: Placed): boolean {
  return (
    outer.startIndex <= inner.startIndex &&
    inner.endIndex <= outer.endIndex &&
    outer.endIndex - outer.startIndex > inner.endIndex - inner.startIndex
  );
}

/** Owners from nesting: a function inside a class is its method, named `Class.method`. */
function nest(placed: Placed[]): ExtractedDefinition[] {
  placed.sort(
    (a, b) => a.definition.startLine - b.definition.startLine || b.definition.endLine - a.definition.endLine,
  );
  const kept: ExtractedDefinition[] = [];
  const open: Placed[] = [];
  for (const entry of placed) {
    const { definition } = entry;
    while (open.length > 0 && open[open.length - 1]!.definition.endLine < definition.startLine) open.pop();
    const last = open[open.length - 1]?.definition;
    // `app.init = function init()` matches twice on one line: keep the outer one.
    if (last && last.name === definition.name && last.startLine === definition.startLine) continue;
    const parent = open.findLast((candidate) => encloses(candidate, entry))?.definition;
    if (parent && OWNERS.has(parent.kind) && !definition.container) {
      definition.container = parent.name;
      if (definition.kind === 'function' && parent.kind === 'class') definition.kind = 'method';
    }
    if (definition.container) definition.qualifiedName = `${definition.container}.${definition.name}`;
    kept.push(definition);
    open.push(entry);
  }
  return kept;
}

/**
 * The innermost definition around each line (index into `definitions`, -1 outside all): painted
 * outer first, as `nest` orders them (by start, the longer first), so a nested one paints over
 * its owner. One pass over the definitions' lines instead of one over the definitions per reference.
 */
function innermostByLine(definitions: readonly ExtractedDefinition[]): Int32Array {
  const last = definitions.reduce((most, definition) => Math.max(most, definition.endLine), 0);
  const byLine = new Int32Array(last + 2).fill(-1);
  definitions.forEach((definition, index) => {
    byLine.fill(index, definition.startLine, definition.endLine + 1);
  });
  return byLine;
}

/** Definitions (with owners and line ranges), calls and other references of one file. */
export function extractSymbols(grammar: LoadedGrammar, text: string): ExtractedSymbols {
  const tree = grammar.parser.parse(text);
  if (!tree) return { definitions: [], references: [] };
  try {
    const root = tree.rootNode;
    const { candidates, calls, references: uses } = findAll(grammar, root);
    // A name bound to a module (`const X = require('./x')`, captured `@import`) defines nothing
    // here: like an ES import's name it is a reference, or every file that requires a class would
    // count as one more definer of it.
    const defining = candidates.filter((candidate) =>
      candidate.match.captures.some((capture) => capture.name.startsWith('definition.')),
    );
    const namePositions = new Set(defining.map((candidate) => candidate.name.startIndex));
    const definitions = nest(
      defining.map((candidate) => toDefinition(candidate, grammar)).filter((entry) => entry !== undefined),
    );
    const innermost = innermostByLine(definitions);
    const ignored = new Set(grammar.queries.ignoredNames);
    const seen = new Set<string>();
    const references: ExtractedReference[] = [];
    const add = (node: Node, kind: ExtractedReference['kind'], member = false) => {
      const name = node.text;
      const line = node.startPosition.row + 1;
      const key = `${name}\u0000${line}`;
      if (name.length < 2 || ignored.has(name) || seen.has(key)) return;
      seen.add(key);
      references.push({ name, line, kind, member, enclosing: innermost[line] ?? -1 });
    };
    const callPositions = new Set<number>();
    for (const capture of calls) {
      callPositions.add(capture.node.startIndex);
      add(capture.node, 'call', capture.name === 'member');
    }
    for (const capture of uses) {
      const position = capture.node.startIndex;
      if (namePositions.has(position) || callPositions.has(position)) continue;
      add(capture.node, capture.name === 'reference.type' ? 'type' : 'reference');
    }
    return { definitions, references };
  } finally {
    tree.delete();
  }
}
