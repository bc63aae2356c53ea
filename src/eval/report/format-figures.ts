/** A share 0–1 as a percentage with one decimal, e.g. `62.5%`. */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
/** A score 0–1 with three decimals, as the official scripts print them. */
export const score = (value: number) => value.toFixed(3);
/** Dollars, or `n/a` when a price was unknown. */
export const dollars = (value: number | null) =>
  value === null ? 'n/a' : `$${value.toFixed(value < 1 ? 4 : 2)}`;
/** Milliseconds as seconds with one decimal. */
export const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
/** A whole number with thousands separators. */
export const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** Escapes a markdown table cell: pipes and line breaks. */
export const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** A markdown table from a header and rows. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
