/**
 * How the content walker writes each construct. Markdown and plain text share one walker and differ
 * only in these functions, so the text that quotes are verified against matches the markdown's words.
 */
export interface Syntax {
  heading(level: number, text: string): string;
  emphasis(kind: 'strong' | 'em' | 'code' | 'strike', text: string): string;
  link(text: string, href: string): string;
  image(alt: string, source: string): string;
  lineBreak: string;
  codeBlock(code: string, language: string | undefined): string;
  quote(block: string): string;
  /** One list item; continuation lines are indented under the marker so nested lists stay nested. */
  listItem(marker: string, content: string): string;
  table(rows: string[][], hasHeader: boolean): string;
  rule: string;
  /** Escapes text that would otherwise be read as markup at the start of a line. */
  escapeLineStart(text: string): string;
}

/** Wraps trimmed text as `open…close`, keeping the spaces around it outside the markup. */
function wrapInline(open: string, text: string, close = open): string {
  const trimmed = text.trim();
  if (trimmed === '') return text.includes(' ') ? ' ' : '';
  const leading = /^\s/.test(text) ? ' ' : '';
  const trailing = /\s$/.test(text) ? ' ' : '';
  return `${leading}${open}${trimmed}${close}${trailing}`;
}

/**
 * Escapes what CommonMark would read as block markup at the start of a line, and only that: an ATX
 * heading (`# `), a blockquote (`>`), a bullet (`- `, `+ `, `* `), an ordered-list marker (`21. `,
 * `3) ` — the punctuation is escaped, `21\. Jan`), a thematic break (`***`, `---`, `___`) and a
 * code fence (three backticks or tildes).
 */
function escapeBlockStart(line: string): string {
  // Each pattern below starts with one of these after the line's white space: most lines start otherwise.
  if (!BLOCK_START.test(line)) return line;
  return line
    .replace(/^(\s*)(#{1,6}|[-+*])(?=\s|$)/, '$1\\$2')
    .replace(/^(\s*)>/, '$1\\>')
    .replace(/^(\s*)(\d{1,9})([.)])(?=\s|$)/, '$1$2\\$3')
    .replace(/^(\s*)([-*_])(?=(\s*\2){2,}\s*$)/, '$1\\$2')
    .replace(/^(\s*)(`{3,}|~{3,})/, '$1\\$2');
}

/** The characters a line's block markup (see `escapeBlockStart`) may start with, after white space. */
const BLOCK_START = /^\s*[-#+*>\d_`~]/;

const emphasisMarkers = { strong: '**', em: '*', strike: '~~' } as const;

/** GitHub-flavoured markdown. */
export const markdownSyntax: Syntax = {
  heading: (level, text) => `${'#'.repeat(Math.min(Math.max(level, 1), 6))} ${text}`,
  emphasis: (kind, text) => {
    if (kind === 'code') {
      const trimmed = text.trim();
      if (trimmed === '') return text;
      const fence = trimmed.includes('`') ? '``' : '`';
      return `${fence}${trimmed}${fence}`;
    }
    return wrapInline(emphasisMarkers[kind], text);
  },
  link: (text, href) => wrapInline('[', text, `](${href.replace(/[()\s]/g, encodeURIComponent)})`),
  image: (alt, source) => `![${alt.replace(/[[\]]/g, '')}](${source.replace(/[()\s]/g, encodeURIComponent)})`,
  lineBreak: '  \n',
  codeBlock: (code, language) => {
    const fence = code.includes('```') ? '~~~~' : '```';
    return `${fence}${language ?? ''}\n${code.replace(/\n+$/, '')}\n${fence}`;
  },
  quote: (block) =>
    block
      .split('\n')
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n'),
  listItem: (marker, content) => {
    const padding = ' '.repeat(marker.length + 1);
    const [first = '', ...rest] = content.split('\n');
    return [`${marker} ${first}`, ...rest.map((line) => (line === '' ? '' : `${padding}${line}`))].join('\n');
  },
  table: (rows, hasHeader) => {
    // A loop, not `Math.max(...)`: a table of hundreds of thousands of rows overflows a spread.
    const width = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
    const cells = (row: string[]) =>
      `| ${Array.from({ length: width }, (_, index) => (row[index] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
    const header = hasHeader ? rows[0]! : Array.from({ length: width }, () => '');
    const body = hasHeader ? rows.slice(1) : rows;
    const divider = `| ${Array.from({ length: width }, () => '---').join(' | ')} |`;
    return [cells(header), divider, ...body.map(cells)].join('\n');
  },
  rule: '---',
  escapeLineStart: (text) => text.split('\n').map(escapeBlockStart).join('\n'),
};

/** Plain text: words only, paragraphs separated by blank lines, table cells by tabs. */
export const textSyntax: Syntax = {
  heading: (_level, text) => text,
  emphasis: (_kind, text) => text,
  link: (text) => text,
  image: () => '',
  lineBreak: '\n',
  codeBlock: (code) => code.replace(/\n+$/, ''),
  quote: (block) => block,
  listItem: (_marker, content) => content,
  table: (rows) => rows.map((row) => row.filter((cell) => cell !== '').join('\t')).join('\n'),
  rule: '',
  escapeLineStart: (text) => text,
};
