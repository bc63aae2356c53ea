import { isElement, isText, tagOf } from './dom.js';
import { Element, type Node } from './tree/index.js';

/** Where in a table a node sits: what the HTML standard lets it hold there. */
type Level = 'table' | 'section' | 'row';

const sectionTags = new Set(['thead', 'tbody', 'tfoot']);
const cellTags = new Set(['td', 'th']);
/** Elements a browser leaves wherever they are in a table. */
const stayTags = new Set(['script', 'style', 'template', 'caption', 'colgroup', 'col']);

/**
 * Rebuilds tables as a browser's parser does (htmlparser2 keeps them as written): cells written
 * straight into a table or its body get the row the standard implies (`<tbody><td>…` is one row),
 * a `<form>` wrapping rows gives them back to the table, and anything else that is not in a cell
 * (a paragraph, a price prompt, a stray link) is "foster-parented": moved out, before the table,
 * where the browser shows it. Without this, renderers that read tables by rows and cells lose that
 * text.
 */
export function repairTables(tables: Element[]): boolean {
  let changed = false;
  for (const table of tables) {
    const fostered: Node[] = [];
    changed = repairLevel(table, 'table', fostered) || changed;
    // One by one, here and below: a spread of a hostile table's hundreds of thousands of nodes overflows the stack.
    if (fostered.length > 0 && table.parentNode) for (const node of fostered) table.before(node);
    changed ||= fostered.length > 0;
  }
  return changed;
}

/** Mends one level of a table; whether it added or removed an element (a row, a form). */
function repairLevel(parent: Element, level: Level, fostered: Node[]): boolean {
  const nodes = parent.childNodes;
  let impliedRow: Element | undefined;
  let changed = false;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    if (isText(node)) {
      if (node.data.trim() !== '') fostered.push(node);
      continue;
    }
    if (!isElement(node)) continue;
    const tag = tagOf(node);
    if (stayTags.has(tag) || (tag === 'input' && node.getAttribute('type')?.toLowerCase() === 'hidden'))
      continue;
    if (tag === 'form') {
      // A form opened in a table is left empty; what it wraps is read as table content.
      const children = node.childNodes;
      for (const child of children) node.before(child);
      node.remove();
      const after = nodes.splice(index + 1);
      for (const child of children) nodes.push(child);
      for (const later of after) nodes.push(later);
      changed = true;
      continue;
    }
    if (level === 'table' && sectionTags.has(tag)) {
      impliedRow = undefined;
      changed = repairLevel(node, 'section', fostered) || changed;
    } else if (level !== 'row' && tag === 'tr') {
      impliedRow = undefined;
      changed = repairLevel(node, 'row', fostered) || changed;
    } else if (cellTags.has(tag)) {
      if (level === 'row') continue;
      if (!impliedRow) {
        impliedRow = parent.insertBefore(new Element('tr'), node);
        changed = true;
      }
      impliedRow.appendChild(node);
    } else fostered.push(node);
  }
  return changed;
}
