/** Inline content of the small markdown dialect answers are written in. */
export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineNode[] }
  | { kind: 'emphasis'; children: InlineNode[] }
  | { kind: 'code'; text: string }
  /** Only http(s) and mailto links survive; anything else is kept as plain text. */
  | { kind: 'link'; href: string; children: InlineNode[] }
  /** A citation marker `[n]` or `[^n]`: `number` is 1-based into the answer's references. */
  | { kind: 'citation'; number: number };

/** Block content; tables, lists and quotes hold inline content, never raw HTML. */
export type BlockNode =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[] }
  | { kind: 'paragraph'; children: InlineNode[] }
  | { kind: 'list'; ordered: boolean; start: number; items: InlineNode[][] }
  | { kind: 'code'; language: string; text: string }
  | { kind: 'quote'; children: BlockNode[] }
  | { kind: 'table'; header: InlineNode[][]; rows: InlineNode[][][] }
  | { kind: 'rule' };
