import type { ExtractedReference, ExtractedSymbols } from './extracted.js';

/**
 * A file's symbols as a worker sends them: references in columns (names joined, numbers in typed
 * arrays), so a message copies a few blocks instead of cloning each reference object (@mui/material
 * has 232,248): the clone, on both threads, was the worker's main cost over parsing in this thread.
 */
export interface PackedSymbols {
  definitions: ExtractedSymbols['definitions'];
  /** The references' names, each followed by a NUL (no identifier holds one). */
  names: string;
  lines: Int32Array;
  enclosing: Int32Array;
  /** `KINDS` index of each reference's kind, plus `MEMBER` for a call on an object. */
  kinds: Uint8Array;
}

const KINDS: ReadonlyArray<ExtractedReference['kind']> = ['call', 'type', 'reference'];
const MEMBER = 4;

/** `symbols` as columns. */
export function packSymbols(symbols: ExtractedSymbols): PackedSymbols {
  const { references } = symbols;
  const lines = new Int32Array(references.length);
  const enclosing = new Int32Array(references.length);
  const kinds = new Uint8Array(references.length);
  let names = '';
  references.forEach((reference, index) => {
    names += `${reference.name}\u0000`;
    lines[index] = reference.line;
    enclosing[index] = reference.enclosing;
    kinds[index] = KINDS.indexOf(reference.kind) + (reference.member ? MEMBER : 0);
  });
  return { definitions: symbols.definitions, names, lines, enclosing, kinds };
}

/** The symbols `packSymbols` packed, as they were. */
export function unpackSymbols(packed: PackedSymbols): ExtractedSymbols {
  const names = packed.names.split('\u0000');
  const references: ExtractedReference[] = new Array(packed.lines.length);
  for (let index = 0; index < packed.lines.length; index++) {
    const code = packed.kinds[index] as number;
    references[index] = {
      name: names[index] as string,
      line: packed.lines[index] as number,
      kind: KINDS[code % MEMBER] as ExtractedReference['kind'],
      member: code >= MEMBER,
      enclosing: packed.enclosing[index] as number,
    };
  }
  return { definitions: packed.definitions, references };
}
