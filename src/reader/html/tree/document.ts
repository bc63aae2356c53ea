import { DOCUMENT_NODE, type Element, ParentNode } from './node.js';

/** The root of a parsed page: its children are the top-level nodes (normally one `<html>`). */
export class Document extends ParentNode {
  get nodeType(): number {
    return DOCUMENT_NODE;
  }

  /** The first top-level element (the `<html>` element of a whole page); null for an empty one. */
  get documentElement(): Element | null {
    return this.firstElementChild;
  }
}
