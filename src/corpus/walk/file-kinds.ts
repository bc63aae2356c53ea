import type { FileKind } from '../types.js';

/** Grammar (tree-sitter language) by extension, for the languages whose symbols are extracted. */
export const GRAMMAR_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
};

/** Extensions of prose: chunked along headings and paragraphs. */
export const PROSE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.md',
  '.markdown',
  '.mdx',
  '.txt',
  '.text',
  '.rst',
  '.adoc',
  '.org',
]);

/** Extensions read through the reader (main content as markdown). */
export const DOCUMENT_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.htm', '.xhtml', '.pdf']);

/** Extensions that are never text, skipped without reading. */
export const BINARY_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    '.png .jpg .jpeg .gif .bmp .ico .icns .webp .avif .tiff .psd .zip .gz .tgz .bz2 .xz .zst .7z .rar ' +
    '.tar .jar .war .class .so .dylib .dll .exe .o .a .lib .obj .wasm .node .pyc .pyo .whl .egg .db ' +
    '.sqlite .sqlite3 .woff .woff2 .ttf .otf .eot .mp3 .mp4 .m4a .wav .ogg .flac .mov .avi .mkv .webm ' +
    '.bin .dat .pack .idx .docx .xlsx .pptx .odt .ods .key .numbers .pages .parquet .npy .npz .pt .onnx'
  ).split(' '),
);

/**
 * Always left out, before any `.gitignore`: version-control folders, dependency folders, and files
 * that tools generate (lock files, minified bundles, source maps). A `.gitignore` may negate these.
 */
export const DEFAULT_IGNORES: readonly string[] = [
  // A worktree's or submodule's .git is a file pointing at the repository.
  '.git',
  '.hg/',
  '.svn/',
  'node_modules/',
  '__pycache__/',
  '.venv/',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'go.sum',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'composer.lock',
  '*.min.js',
  '*.min.css',
  '*.map',
  '.DS_Store',
];

/** The extension of a path, lower-cased with its dot (`.ts`), or '' without one. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** How a file is read and chunked, and its grammar when symbols can be extracted. */
export function classifyFile(path: string): { kind: FileKind; grammar: string | undefined } {
  const extension = extensionOf(path);
  const grammar = GRAMMAR_BY_EXTENSION[extension];
  if (grammar) return { kind: 'code', grammar };
  if (DOCUMENT_EXTENSIONS.has(extension)) return { kind: 'document', grammar: undefined };
  if (PROSE_EXTENSIONS.has(extension) || extension === '') return { kind: 'prose', grammar: undefined };
  return { kind: 'code', grammar: undefined };
}
