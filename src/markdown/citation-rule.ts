import type { StateInline } from 'markdown-it';

/** `[1]`, `[^2]`, `[1, 3]`; never `[1](url)`, which is a link labelled 1. */
const MARKER = /\[\^?(\d{1,3}(?:\s*,\s*\^?\d{1,3})*)\](?!\()/y;

/**
 * Inline rule turning citation markers into `citation` tokens, one per number, each with
 * `meta.number` (1-based into the answer's references). Inside a link label a marker stays text,
 * so a citation never nests in another link.
 */
export function citationRule(state: StateInline, silent: boolean): boolean {
  // Silent calls come from the link rule measuring a label: there `[1]` is a plain bracket pair,
  // else `[see [1]](url)` would count as a link inside a link and stop being a link at all.
  if (silent || state.linkLevel > 0 || state.src.charCodeAt(state.pos) !== 0x5b) return false;
  MARKER.lastIndex = state.pos;
  const match = MARKER.exec(state.src);
  if (!match?.[1]) return false;
  for (const part of match[1].split(',')) {
    const token = state.push('citation', '', 0);
    token.meta = { number: Number.parseInt(part.replace(/[\s^]/g, ''), 10) };
    token.markup = match[0];
  }
  state.pos += match[0].length;
  return true;
}
