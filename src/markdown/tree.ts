import type { Token } from 'markdown-it';
import { markdown } from './parser.js';

/** A parsed token with what it encloses: `link` holds its label, `inline` its text runs. */
export interface MarkdownNode {
  /** The token's type without `_open`: `paragraph`, `heading`, `link`, `text`, `fence`, `citation`... */
  type: string;
  /** The opening (or only) token: its tag, attributes, content, info, meta and `hidden` flag. */
  token: Token;
  children: MarkdownNode[];
}

function nest(tokens: readonly Token[]): MarkdownNode[] {
  const root: MarkdownNode[] = [];
  const open: MarkdownNode[][] = [root];
  for (const token of tokens) {
    const siblings = open[open.length - 1]!;
    if (token.nesting === -1) {
      if (open.length > 1) open.pop();
      continue;
    }
    const node: MarkdownNode = {
      type: token.type.replace(/_open$/, ''),
      token,
      children: token.children ? nest(token.children) : [],
    };
    siblings.push(node);
    if (token.nesting === 1) open.push(node.children);
  }
  return root;
}

/** Parses markdown into a tree of the parser's tokens, for renderers that build elements (React). */
export function markdownTree(text: string): MarkdownNode[] {
  return nest(markdown.parse(text, {}));
}
