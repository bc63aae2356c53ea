import type { FileKind, FileRole } from '../types.js';
import { extensionOf } from '../walk/index.js';
import {
  DATA_EXTENSIONS,
  DECLARATION_FILE_NAME,
  ENTRY_FILE_NAME,
  FIXTURE_FOLDERS,
  GENERATED_MARKER,
  GENERATED_MARKER_LINES,
  MINIFIED_LINE_CHARS,
  MINIFIED_MEAN_LINE_CHARS,
  SOURCE_MAP_COMMENT,
  TEST_FILE_NAME,
  TEST_FOLDERS,
} from './role-patterns.js';

/** What the role rules look at: the file's path, kind and lines as indexed. */
export interface RoleInput {
  path: string;
  kind: FileKind;
  lines: readonly string[];
}

/** One rule: the role it recognises, or undefined to leave the file to the next rule. */
type RoleRule = (file: RoleInput) => FileRole | undefined;

const folders = (path: string) => path.split('/').slice(0, -1);
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|#|<!--|--|;)/;

/** A generator's marker in the comment lines at the top (`// Code generated … DO NOT EDIT.`). */
const generatorMarker: RoleRule = ({ lines }) =>
  lines
    .slice(0, GENERATED_MARKER_LINES)
    .some((line) => COMMENT_LINE.test(line) && GENERATED_MARKER.test(line))
    ? 'generated'
    : undefined;

/** A compiler's output: its last line points at the source map of the file it was compiled from. */
const compiledOutput: RoleRule = ({ lines }) => {
  const last = lines.findLast((line) => line.trim() !== '');
  return last !== undefined && SOURCE_MAP_COMMENT.test(last) ? 'generated' : undefined;
};

/** Minified code: a very long line, and long lines on average. */
const minified: RoleRule = ({ lines }) => {
  if (lines.length === 0 || !lines.some((line) => line.length >= MINIFIED_LINE_CHARS)) return undefined;
  const mean = lines.reduce((sum, line) => sum + line.length, 0) / lines.length;
  return mean >= MINIFIED_MEAN_LINE_CHARS ? 'generated' : undefined;
};

const declaration: RoleRule = ({ path }) => (DECLARATION_FILE_NAME.test(path) ? 'declaration' : undefined);

const fixture: RoleRule = ({ path }) =>
  folders(path).some((folder) => FIXTURE_FOLDERS.has(folder)) ? 'fixture' : undefined;

const test: RoleRule = ({ path }) =>
  folders(path).some((folder) => TEST_FOLDERS.has(folder)) || TEST_FILE_NAME.test(fileName(path))
    ? 'test'
    : undefined;

const documentation: RoleRule = ({ kind }) => (kind === 'code' ? undefined : 'docs');

const data: RoleRule = ({ path }) => (DATA_EXTENSIONS.has(extensionOf(path)) ? 'data' : undefined);

/** The rules in order; the first that recognises the file decides. What none recognises is source. */
const ROLE_RULES: readonly RoleRule[] = [
  // Prose first: a paragraph is one long line, which in code would mean minified.
  documentation,
  generatorMarker,
  compiledOutput,
  minified,
  declaration,
  fixture,
  test,
  data,
];

/**
 * What a file is in its repository, by the conventions of `role-patterns.ts`: documentation (prose
 * and documents), generated (a generator's marker, a compiler's source-map comment, minified), a
 * declaration file, a fixture, a test, data, or else source. Search ranks source first.
 */
export function fileRole(file: RoleInput): FileRole {
  for (const rule of ROLE_RULES) {
    const role = rule(file);
    if (role) return role;
  }
  return 'source';
}

/** Whether a file is its folder's entry (`index.ts`, `__init__.py`, `mod.rs`, `main.go`). */
export function isEntryFile(path: string): boolean {
  return ENTRY_FILE_NAME.test(fileName(path));
}
