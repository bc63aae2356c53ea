export { Document } from './document.js';
export { ELEMENT_NODE, Element, Node, ParentNode, TEXT_NODE, Text } from './node.js';
export { makeOpenTagsLinear } from './open-tag-stack.js';
export { MAX_TREE_DEPTH, parseHtml } from './parse-html.js';
export { htmlOf } from './serialize.js';
