import type { CSSProperties, ReactNode } from 'react';
import type { Reference } from '../../../src/contract/index.js';
import { isLiveHref, type MarkdownNode, markdownTree } from '../../../src/markdown/index.js';
import { Citation } from './citation.js';

/** Elements a parsed block or span maps to one for one; everything else is handled in `element`. */
const SIMPLE = {
  blockquote: 'blockquote',
  bullet_list: 'ul',
  list_item: 'li',
  thead: 'thead',
  tbody: 'tbody',
  tr: 'tr',
  em: 'em',
  strong: 'strong',
  s: 's',
} as const;

const ALIGNMENTS = new Set(['left', 'center', 'right']);

/** GFM column alignment, which the parser writes as `style="text-align:right"`. */
function cellStyle(node: MarkdownNode): CSSProperties | undefined {
  const align = /text-align:(\w+)/.exec(String(node.token.attrGet('style') ?? ''))?.[1];
  return align && ALIGNMENTS.has(align) ? { textAlign: align as 'left' } : undefined;
}

/** Renders one node. Text stays text: React escapes it, and no model markup ever becomes HTML. */
function element(node: MarkdownNode, key: number, references: Reference[]): ReactNode {
  const { token } = node;
  const children = () => node.children.map((child, position) => element(child, position, references));
  if (node.type in SIMPLE) {
    const Tag = SIMPLE[node.type as keyof typeof SIMPLE];
    return <Tag key={key}>{children()}</Tag>;
  }
  switch (node.type) {
    case 'inline':
      return children();
    case 'text':
      return token.content;
    case 'softbreak':
      return '\n';
    case 'hardbreak':
      return <br key={key} />;
    case 'paragraph':
      // Items of a tight list hold their text without a paragraph around it.
      return token.hidden ? children() : <p key={key}>{children()}</p>;
    case 'heading': {
      // Answers sit under the page's own headings, so their levels start at h3.
      const Tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}` as 'h3';
      return <Tag key={key}>{children()}</Tag>;
    }
    case 'ordered_list': {
      const start = token.attrGet('start');
      return (
        <ol key={key} start={start === null ? undefined : Number(start)}>
          {children()}
        </ol>
      );
    }
    case 'th':
      return (
        <th key={key} style={cellStyle(node)}>
          {children()}
        </th>
      );
    case 'td':
      return (
        <td key={key} style={cellStyle(node)}>
          {children()}
        </td>
      );
    case 'table':
      return (
        <div className="table-wrap" key={key}>
          <table>{children()}</table>
        </div>
      );
    case 'code_inline':
      return <code key={key}>{token.content}</code>;
    case 'fence':
    case 'code_block':
      return (
        <pre key={key}>
          <code>{token.content.replace(/\n$/, '')}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    case 'link': {
      const href = String(token.attrGet('href') ?? '');
      // The parser only accepts live targets; checking again costs nothing.
      if (!isLiveHref(href)) return children();
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {children()}
        </a>
      );
    }
    case 'citation': {
      const number = Number(token.meta?.number);
      return <Citation key={key} number={number} reference={references[number - 1]} />;
    }
    default:
      // A token this view does not know shows its source text, never markup.
      return token.content;
  }
}

/**
 * Markdown rendered as React elements from the shared parser's tokens (the same parser the HTML
 * export uses), citation markers linked to `references`.
 */
export function MarkdownView({ markdown, references }: { markdown: string; references: Reference[] }) {
  return (
    <div className="markdown">
      {markdownTree(markdown).map((node, position) => element(node, position, references))}
    </div>
  );
}
