import { describe, expect, it } from 'vitest';
import { parseIgnoreLine, ruleMatches } from './ignore-pattern.js';

/** Whether `pattern` (one .gitignore line) matches `path` (a folder ends in `/`). */
function matches(pattern: string, path: string): boolean {
  const rule = parseIgnoreLine(pattern);
  if (!rule) throw new Error(`"${pattern}" is no rule`);
  return ruleMatches(rule, path);
}

describe('gitignore patterns', () => {
  it('follows gitignore(5): anchoring, folders only, wildcards, classes, escapes', () => {
    const cases: Array<[string, string, boolean]> = [
      ['*.log', 'debug.log', true],
      ['*.log', 'logs/deep/debug.log', true],
      ['*.log', 'debug.log.txt', false],
      ['build/', 'build/', true],
      ['build/', 'src/build/', true],
      ['build/', 'build', false],
      ['/build', 'build', true],
      ['/build', 'src/build', false],
      ['doc/*.txt', 'doc/notes.txt', true],
      ['doc/*.txt', 'doc/server/arch.txt', false],
      ['doc/*.txt', 'x/doc/notes.txt', false],
      ['**/foo', 'foo', true],
      ['**/foo', 'a/b/foo', true],
      ['**/foo/bar', 'a/foo/bar', true],
      ['abc/**', 'abc/x/y', true],
      ['abc/**', 'abc/', false],
      ['a/**/b', 'a/b', true],
      ['a/**/b', 'a/x/y/b', true],
      ['a/**/b', 'a/x/y/c', false],
      ['?.md', 'a.md', true],
      ['?.md', 'ab.md', false],
      ['[Mm]akefile', 'makefile', true],
      ['[!a-c]x', 'dx', true],
      ['[!a-c]x', 'bx', false],
      ['\\#notes', '#notes', true],
      ['\\!important', '!important', true],
      ['foo\\ ', 'foo ', true],
      ['trailing   ', 'trailing', true],
      ['*.MIN.JS', 'app.min.js', true],
      ['draft-*.md', 'notes/draft-1.md', true],
    ];
    for (const [pattern, path, expected] of cases)
      expect(matches(pattern, path), `${pattern} ~ ${path}`).toBe(expected);
  });

  it('reads comments, blank lines and negations', () => {
    expect(parseIgnoreLine('# a comment')).toBeUndefined();
    expect(parseIgnoreLine('   ')).toBeUndefined();
    expect(parseIgnoreLine('!kept.md')?.negative).toBe(true);
  });

  it('matches hostile patterns in bounded steps (a regular expression of them backtracks for minutes)', () => {
    const deep = `${'a/'.repeat(300)}`;
    expect(matches(`${'**/a/'.repeat(8)}b/`, deep)).toBe(false);
    const name = 'a'.repeat(250);
    expect(matches(`${'*a'.repeat(30)}b`, name)).toBe(false);
  });
});
