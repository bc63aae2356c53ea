// Copies the tree-sitter grammars the corpus loads (the `wasm` of each entry of
// dist/corpus/symbols/languages.js) out of the @vscode/tree-sitter-wasm devDependency into
// dist/corpus/symbols/grammars/, with the package's licence. Run by `npm run build` after tsc: the
// package ships these five grammars (3.8 MB) instead of the sixteen of the package (22 MB).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('../', import.meta.url);
const { languageQueries } = await import(new URL('dist/corpus/symbols/languages.js', root).href);
const source = dirname(createRequire(root).resolve('@vscode/tree-sitter-wasm/package.json'));
const target = new URL('dist/corpus/symbols/grammars/', root);
mkdirSync(target, { recursive: true });

const files = [...new Set(Object.values(languageQueries).map((queries) => queries.wasm))];
for (const file of files) copyFileSync(join(source, 'wasm', file), new URL(file, target));
copyFileSync(join(source, 'LICENSE'), new URL('LICENSE', target));
copyFileSync(join(source, 'cgmanifest.json'), new URL('cgmanifest.json', target));
process.stdout.write(`copied ${files.length} tree-sitter grammars to dist/corpus/symbols/grammars/\n`);
