import { compileSegmentGlob, matchSegmentGlob, type SegmentGlob, wildcardMatch } from './glob.js';

/** A part of a rule: `**` (any number of folders), or a glob over exactly one path segment. */
type RulePart = { kind: 'globstar' } | { kind: 'segment'; glob: SegmentGlob };

/** One line of a `.gitignore`, compiled. */
export interface IgnoreRule {
  /** `!pattern`: re-includes what an earlier rule excluded. */
  negative: boolean;
  /** `pattern/`: matches folders only. */
  folderOnly: boolean;
  parts: readonly RulePart[];
}

const GLOBSTAR: RulePart = { kind: 'globstar' };
// `abc/**` matches what is inside abc, not abc itself: at least one segment, then any number.
const ANY_SEGMENT: RulePart = { kind: 'segment', glob: [{ kind: 'star' }] };

/** Drops trailing spaces unless escaped (`foo\ `), as git does. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') end -= 1;
  return line.slice(0, end);
}

/**
 * Compiles one `.gitignore` line (gitignore(5)); undefined for blank lines and comments. A pattern
 * with a `/` before its end is anchored to the file's folder; one without matches at any depth;
 * `**` segments match any number of folders; a trailing `/` matches folders only.
 */
export function parseIgnoreLine(raw: string): IgnoreRule | undefined {
  let line = trimTrailingSpaces(raw.replace(/\r$/, ''));
  if (line === '' || line.startsWith('#')) return undefined;
  const negative = line.startsWith('!');
  if (negative) line = line.slice(1);
  else if (line.startsWith('\\!') || line.startsWith('\\#')) line = line.slice(1);
  const folderOnly = line.endsWith('/') && !line.endsWith('\\/');
  if (folderOnly) line = line.slice(0, -1);
  const anchored = line.includes('/');
  const segments = line.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return undefined;
  const parts: RulePart[] = anchored ? [] : [GLOBSTAR];
  for (const segment of segments) {
    if (segment === '**') {
      if (parts.at(-1)?.kind !== 'globstar') parts.push(GLOBSTAR);
    } else parts.push({ kind: 'segment', glob: compileSegmentGlob(segment) });
  }
  if (parts.length > 1 && parts.at(-1)?.kind === 'globstar') parts.splice(-1, 1, ANY_SEGMENT, GLOBSTAR);
  return { negative, folderOnly, parts };
}

/**
 * Whether a rule matches a path relative to its file's folder (`a/b.ts`, a folder ends in `/`).
 * Takes at most (path segments × rule parts) segment comparisons, each at most (segment length ×
 * glob length) steps: bounded for any pattern.
 */
export function ruleMatches(rule: IgnoreRule, path: string): boolean {
  const folder = path.endsWith('/');
  if (rule.folderOnly && !folder) return false;
  const segments = (folder ? path.slice(0, -1) : path).toLowerCase().split('/');
  return wildcardMatch({
    items: segments,
    pattern: rule.parts,
    isWildcard: (part) => part.kind === 'globstar',
    matches: (part, segment) => part.kind === 'segment' && matchSegmentGlob(part.glob, segment),
  });
}
