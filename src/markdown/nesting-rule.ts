import type { StateCore, Token } from 'markdown-it';

/**
 * Deepest nesting of spans (emphasis, strong, strikethrough, links) a parsed answer keeps. Real
 * text nests a few levels; an answer of 20,000 `*` on each side nests 10,000, and every renderer
 * that walks the tree by recursion (the document export, the web UI) would overflow its stack.
 */
const MAX_INLINE_NESTING = 16;

/** Span tokens whose markup (`**`, `~~`) is their source text. */
const MARKUP_TEXT = new Set(['em', 'strong', 's']);

/** A span's opening or closing token as the plain text it was written as. */
function asText(token: Token): void {
  const span = token.type.replace(/_(open|close)$/, '');
  token.content = MARKUP_TEXT.has(span) ? token.markup : '';
  token.type = 'text';
  token.tag = '';
  token.nesting = 0;
  token.attrs = null;
}

/**
 * Core rule run after the inline parse: spans nested deeper than MAX_INLINE_NESTING become the
 * plain text they were written as, so every renderer gets a tree of bounded depth.
 */
export function capInlineNesting(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    // Per open span, outermost first: whether it was kept, so its closing token goes the same way.
    const kept: boolean[] = [];
    let depth = 0;
    for (const token of block.children) {
      if (token.nesting === 1) {
        const keep = depth < MAX_INLINE_NESTING;
        kept.push(keep);
        if (keep) depth += 1;
        else asText(token);
      } else if (token.nesting === -1) {
        if (kept.pop() === false) asText(token);
        else depth -= 1;
      }
    }
  }
}
