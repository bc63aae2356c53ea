import type { InlineNode } from './types.js';

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

interface Match {
  length: number;
  nodes: InlineNode[];
}

type Rule = (text: string, position: number) => Match | undefined;

/** Matches a regular expression anchored at `position`. */
function at(pattern: RegExp, text: string, position: number): RegExpExecArray | null {
  const sticky = new RegExp(pattern.source, 'y');
  sticky.lastIndex = position;
  return sticky.exec(text);
}

const code: Rule = (text, position) => {
  const match = at(/(`+)([\s\S]+?)\1/, text, position);
  return match ? { length: match[0].length, nodes: [{ kind: 'code', text: match[2]!.trim() }] } : undefined;
};

const citation: Rule = (text, position) => {
  const match = at(/\[\^?(\d{1,3}(?:\s*,\s*\^?\d{1,3})*)\](?!\()/, text, position);
  if (!match) return undefined;
  const numbers = match[1]!.split(',').map((part) => Number.parseInt(part.replace(/[\s^]/g, ''), 10));
  return { length: match[0].length, nodes: numbers.map((number) => ({ kind: 'citation', number })) };
};

const link: Rule = (text, position) => {
  const match = at(/\[([^\]\n]+)\]\(\s*([^()\s]+)(?:\s+"[^"]*")?\s*\)/, text, position);
  if (!match) return undefined;
  const label = parseInline(match[1]!);
  const href = match[2]!;
  const nodes: InlineNode[] = SAFE_HREF.test(href) ? [{ kind: 'link', href, children: label }] : label;
  return { length: match[0].length, nodes };
};

const autolink: Rule = (text, position) => {
  if (position > 0 && /[\w/]/.test(text[position - 1]!)) return undefined;
  const match = at(/https?:\/\/[^\s<>()[\]]+[^\s<>()[\].,;:!?'"]/, text, position);
  return match
    ? {
        length: match[0].length,
        nodes: [{ kind: 'link', href: match[0], children: [{ kind: 'text', text: match[0] }] }],
      }
    : undefined;
};

const strong: Rule = (text, position) => {
  const match = at(/(\*\*|__)(?=\S)([\s\S]+?)(?<=\S)\1/, text, position);
  return match
    ? { length: match[0].length, nodes: [{ kind: 'strong', children: parseInline(match[2]!) }] }
    : undefined;
};

const emphasis: Rule = (text, position) => {
  // Underscores inside words (snake_case) are not emphasis.
  if (text[position] === '_' && position > 0 && /\w/.test(text[position - 1]!)) return undefined;
  const match = at(/([*_])(?=\S)([^*_\n]+?)(?<=\S)\1(?!\w)/, text, position);
  return match
    ? { length: match[0].length, nodes: [{ kind: 'emphasis', children: parseInline(match[2]!) }] }
    : undefined;
};

/** Rules tried at each special character, in order. */
const RULES: Record<string, Rule[]> = {
  '`': [code],
  '[': [citation, link],
  '*': [strong, emphasis],
  _: [strong, emphasis],
  h: [autolink],
};

/**
 * Parses inline markdown into nodes. Everything that is not recognised stays text, including any
 * HTML, so rendering the nodes can never inject markup.
 */
export function parseInline(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let buffer = '';
  let position = 0;
  while (position < text.length) {
    const character = text[position]!;
    if (character === '\\' && position + 1 < text.length && /[\\`*_[\]()#+\-.!]/.test(text[position + 1]!)) {
      buffer += text[position + 1];
      position += 2;
      continue;
    }
    const match = RULES[character]?.reduce<Match | undefined>(
      (found, rule) => found ?? rule(text, position),
      undefined,
    );
    if (match) {
      if (buffer) nodes.push({ kind: 'text', text: buffer });
      buffer = '';
      nodes.push(...match.nodes);
      position += match.length;
    } else {
      buffer += character;
      position += 1;
    }
  }
  if (buffer) nodes.push({ kind: 'text', text: buffer });
  return nodes;
}
