/**
 * The conventions by which a repository says what a file is, as data: the folder and file names
 * test runners collect by default (Jest, Vitest, Mocha, pytest, Go, RSpec), the folders that hold
 * fixtures and snapshots, the markers code generators put at the top of what they write (Go's
 * `Code generated … DO NOT EDIT.`, Facebook's `@generated`, "automatically generated … do not
 * modify", as GitHub Linguist recognises them), and the extensions of declaration and data files.
 */

/** Folder names whose files are tests (`test/`, `__tests__/`, `spec/`, `e2e/`). */
export const TEST_FOLDERS: ReadonlySet<string> = new Set([
  'test',
  'tests',
  '__tests__',
  'spec',
  'specs',
  'e2e',
]);

/** File names of tests: `x.test.ts`, `x.spec.js`, `x_test.go`, `test_x.py`, `x_spec.rb`, `conftest.py`. */
export const TEST_FILE_NAME = /(^|[._-])(test|spec)s?\.[^.]+$|^test_[^/]*\.py$|^conftest\.py$/;

/** Folder names of fixtures, snapshots and mocks: data for tests, not the code under test. */
export const FIXTURE_FOLDERS: ReadonlySet<string> = new Set([
  'fixtures',
  '__fixtures__',
  'fixture',
  'testdata',
  'test-data',
  '__snapshots__',
  '__mocks__',
]);

/** A generator's marker in a file's first comment lines. */
export const GENERATED_MARKER =
  /@generated\b|\bcode generated\b.*\bdo not edit\b|\b(auto-?generated|automatically generated|generated automatically)\b|\bdo not (edit|modify)( this file)?( by hand| manually)?\b/i;

/** Lines at the top of a file searched for a generator's marker. */
export const GENERATED_MARKER_LINES = 5;

/** The comment a compiler leaves at the end of its output, pointing at the source map. */
export const SOURCE_MAP_COMMENT = /^\s*(\/\/|\/\*)[#@] sourceMappingURL=/;

/** Minified code: a line at least this long and lines this long on average. */
export const MINIFIED_LINE_CHARS = 1000;
export const MINIFIED_MEAN_LINE_CHARS = 300;

/** Declaration files: the types of code that lives elsewhere. */
export const DECLARATION_FILE_NAME = /\.d\.[cm]?ts$|\.pyi$/;

/** Extensions of data and configuration files. */
export const DATA_EXTENSIONS: ReadonlySet<string> = new Set([
  '.json',
  '.jsonc',
  '.json5',
  '.yaml',
  '.yml',
  '.toml',
  '.ini',
  '.csv',
  '.tsv',
  '.xml',
  '.snap',
]);

/** File names of a package's or a module's entry: what the folder offers to the rest of the code. */
export const ENTRY_FILE_NAME = /^(index|main|mod|lib|__init__)\.[^.]+$/;

/** Words with which a question asks for tests, or for documentation, by name. */
export const TEST_WORDS: ReadonlySet<string> = new Set([
  'test',
  'tests',
  'testing',
  'tested',
  'spec',
  'specs',
]);
export const DOCS_WORDS: ReadonlySet<string> = new Set([
  'doc',
  'docs',
  'documentation',
  'documented',
  'readme',
]);
