import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Every rule's selectors and declarations, in file order (rules inside `@media` included). */
const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
  selectors: (match[1] ?? '').split(',').map((selector) => selector.trim().replace(/\s+/g, ' ')),
  declarations: Object.fromEntries(
    (match[2] ?? '')
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter((pair) => pair.length === 2 && pair[0]),
  ) as Record<string, string>,
}));

/** What the last rule naming `selector` exactly says of `property`. */
const lastDeclared = (selector: string, property: string) =>
  rules.filter((rule) => rule.selectors.includes(selector) && property in rule.declarations).at(-1)
    ?.declarations[property];

describe('styles.css', () => {
  it('lets table cells wrap anywhere, but the eval tables’ column names only between words', () => {
    expect(lastDeclared('.table-wrap th', 'overflow-wrap')).toBe('anywhere');
    for (const table of ['.eval-questions', '.evals-table']) {
      // More specific than `.table-wrap th`, so it wins wherever it appears in the file.
      expect(lastDeclared(`.table-wrap ${table} thead th`, 'overflow-wrap')).toBe('normal');
    }
  });
});
