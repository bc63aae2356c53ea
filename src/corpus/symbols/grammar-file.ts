import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Path of a tree-sitter grammar (`tree-sitter-go.wasm`). Built, the grammars the languages table names
 * sit in `grammars/` beside this file: the build copies them out of the `@vscode/tree-sitter-wasm`
 * devDependency (scripts/copy-grammars.mjs), so the package ships the five it loads instead of all
 * sixteen. Run from source (vitest, tsx), they are read from that package.
 */
export function grammarFile(wasm: string): string {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL(`./grammars/${wasm}`, import.meta.url));
  return createRequire(import.meta.url).resolve(`@vscode/tree-sitter-wasm/wasm/${wasm}`);
}
