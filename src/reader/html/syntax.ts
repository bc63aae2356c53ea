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

function wrapInline(marker: string, text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return text;
  const leading = text.startsWith(' ') ? ' ' : '';
  const trailing = text.endsWith(' ') ? ' ' : '';
  return `${leading}${marker}${trimmed}${marker}${trailing}`;
}

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
  link: (text, href) =>
    text.trim() === '' ? '' : `[${text.trim()}](${href.replace(/[()\s]/g, encodeURIComponent)})`,
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
    const width = Math.max(...rows.map((row) => row.length));
    const cells = (row: string[]) =>
      `| ${Array.from({ length: width }, (_, index) => (row[index] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
    const header = hasHeader ? rows[0]! : Array.from({ length: width }, () => '');
    const body = hasHeader ? rows.slice(1) : rows;
    const divider = `| ${Array.from({ length: width }, () => '---').join(' | ')} |`;
    return [cells(header), divider, ...body.map(cells)].join('\n');
  },
  rule: '---',
  escapeLineStart: (text) => text.replace(/^(\s*)([#>+-]|\d+[.)])(?=\s)/, '$1\\$2'),
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
