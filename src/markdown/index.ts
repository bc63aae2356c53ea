export { escapeHtml, renderMarkdownHtml } from './html.js';

export { isLiveHref } from './links.js';
export { type MarkdownNode, markdownTree } from './tree.js';
