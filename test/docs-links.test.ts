/**
 * The docs hold together: every relative link in README.md and docs/*.md leads to a file of the
 * repository and, when it names an `#anchor`, to a heading of that page, slugged as GitHub slugs it.
 * Links inside code (fenced blocks, inline spans) are not links and are left alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name)),
];

/** The page's text without fenced code blocks and inline code spans. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`+[^`\n]*`+/g, '');
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings; a repeated heading gets `-1`, `-2`… as on GitHub. */
function anchors(path: string): Set<string> {
  const text = readFileSync(path, 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Each relative link of a page that does not resolve, as `page: target (why)`. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  const name = relative(root, page);
  for (const [, target] of prose(readFileSync(page, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (!target || /^[a-z][a-z+.-]*:/i.test(target)) continue;
    const [file, anchor] = target.split('#', 2) as [string, string | undefined];
    const linked = file === '' ? page : join(dirname(page), decodeURIComponent(file));
    if (!existsSync(linked)) {
      broken.push(`${name}: ${target} (no such file)`);
    } else if (anchor !== undefined && !anchors(linked).has(anchor)) {
      broken.push(`${name}: ${target} (no heading with that anchor)`);
    }
  }
  return broken;
}

describe('the docs', () => {
  it('are README.md and a page per topic in docs/', () => {
    expect(pages.length).toBeGreaterThan(1);
  });

  it('link only to files and headings that exist', () => {
    expect(pages.flatMap(brokenLinks)).toEqual([]);
  });
});
