import type { ReactNode } from 'react';
import type { Reference } from '../events.js';
import { type BlockNode, type InlineNode, parseMarkdown } from '../markdown/index.js';
import { Citation } from './citation.js';

type Keyed = (node: InlineNode, key: number) => ReactNode;

function inlines(nodes: InlineNode[], references: Reference[]): ReactNode[] {
  const render: Keyed = (node, key) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={key}>{inlines(node.children, references)}</strong>;
      case 'emphasis':
        return <em key={key}>{inlines(node.children, references)}</em>;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'link':
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
            {inlines(node.children, references)}
          </a>
        );
      case 'citation':
        return <Citation key={key} number={node.number} reference={references[node.number - 1]} />;
    }
  };
  return nodes.map(render);
}

function block(node: BlockNode, key: number, references: Reference[]): ReactNode {
  switch (node.kind) {
    case 'heading': {
      // Answers sit under the page's own headings, so their levels start at h3.
      const Tag = `h${Math.min(6, node.level + 2)}` as 'h3';
      return <Tag key={key}>{inlines(node.children, references)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inlines(node.children, references)}</p>;
    case 'list': {
      const items = node.items.map((item, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items of a parsed document never reorder
        <li key={position}>{inlines(item, references)}</li>
      ));
      return node.ordered ? (
        <ol key={key} start={node.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'code':
      return (
        <pre key={key}>
          <code>{node.text}</code>
        </pre>
      );
    case 'quote':
      return (
        <blockquote key={key}>
          {node.children.map((child, position) => block(child, position, references))}
        </blockquote>
      );
    case 'table':
      return (
        <div className="table-wrap" key={key}>
          <table>
            <thead>
              <tr>
                {node.header.map((cell, position) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
                  <th key={position}>{inlines(cell, references)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {node.rows.map((row, rowPosition) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder
                <tr key={rowPosition}>
                  {row.map((cell, position) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
                    <td key={position}>{inlines(cell, references)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'rule':
      return <hr key={key} />;
  }
}

/** Markdown rendered as React elements (never as HTML), citation markers linked to `references`. */
export function MarkdownView({ markdown, references }: { markdown: string; references: Reference[] }) {
  return (
    <div className="markdown">{parseMarkdown(markdown).map((node, key) => block(node, key, references))}</div>
  );
}
