import { describe, expect, it } from 'vitest';
import type { ExtractedDefinition } from '../symbols/index.js';
import { chunkCode } from './chunk-code.js';

function definition(
  qualifiedName: string,
  startLine: number,
  endLine: number,
  docStartLine = startLine,
): ExtractedDefinition {
  const name = qualifiedName.split('.').pop() ?? qualifiedName;
  return {
    name,
    qualifiedName,
    kind: 'function',
    container: undefined,
    startLine,
    endLine,
    docStartLine,
    local: false,
  };
}

function numbered(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `line ${index + 1}`);
}

describe('code chunks', () => {
  it('give each long definition its own chunk, split a long class along its members, window the rest', () => {
    const lines = numbered(400);
    const chunks = chunkCode(lines, [
      definition('first', 1, 60),
      definition('Big', 61, 330),
      definition('Big.alpha', 63, 150, 62),
      definition('Big.beta', 151, 329),
      definition('last', 331, 400),
    ]);
    expect(chunks.map((chunk) => [chunk.startLine, chunk.endLine, chunk.symbol])).toEqual([
      [1, 60, 'first'],
      [61, 61, 'Big'],
      [62, 150, 'Big.alpha'],
      [151, 210, 'Big.beta'],
      [211, 270, 'Big.beta'],
      [271, 329, 'Big.beta'],
      [330, 330, 'Big'],
      [331, 400, 'last'],
    ]);
  });

  it('merge small neighbours and title the chunk with every name it holds', () => {
    const lines = numbered(12);
    const chunks = chunkCode(lines, [definition('a', 2, 4), definition('b', 5, 8), definition('c', 9, 12)]);
    expect(chunks).toEqual([{ startLine: 1, endLine: 12, symbol: 'b', title: 'b a c' }]);
  });

  it('chunk a class of 130,000 one-line methods in one pass, without overflowing the stack', () => {
    // Comparing every pair of definitions took minutes on such a file, and spreading the class's
    // units into the list threw "Maximum call stack size exceeded": the file was skipped as unreadable.
    const methods = 130_000;
    const lines = ['class Big {', ...Array.from({ length: methods }, (_, i) => `  m${i}() {}`), '}'];
    const definitions = [definition('Big', 1, methods + 2)];
    for (let i = 0; i < methods; i++) definitions.push(definition(`Big.m${i}`, i + 2, i + 2));
    const chunks = chunkCode(lines, definitions);
    expect(chunks[0]).toMatchObject({ startLine: 1, symbol: 'Big' });
    expect(chunks.at(-1)?.endLine).toBe(methods + 2);
    const covered = chunks.reduce((sum, chunk) => sum + chunk.endLine - chunk.startLine + 1, 0);
    expect(covered).toBe(methods + 2);
    expect(chunks[1]?.title.split(' ')).toHaveLength(40);
  }, 120_000);
});
