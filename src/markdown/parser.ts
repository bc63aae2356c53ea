import MarkdownIt from 'markdown-it';
import { citationRule } from './citation-rule.js';
import { citationRenderer, renderLinkOpen } from './html-rules.js';
import { isLiveHref } from './links.js';
import { capInlineNesting } from './nesting-rule.js';

/**
 * The one markdown parser of answers and reports, for the web UI and the HTML export: CommonMark
 * with GFM tables and strikethrough, bare URLs linked, raw HTML shown as text. Only http(s) and
 * mailto links are accepted (any other link stays its source text). Images are not rendered, so
 * model text never makes a reader's browser fetch anything; `![alt](url)` reads as a link. Spans
 * nest at most MAX_INLINE_NESTING deep; deeper ones read as their plain text.
 */
export const markdown = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
markdown.validateLink = isLiveHref;
markdown.disable('image');
markdown.inline.ruler.before('link', 'citation', citationRule);
markdown.core.ruler.after('inline', 'cap_inline_nesting', capInlineNesting);
markdown.renderer.rules.citation = citationRenderer(markdown.utils.escapeHtml);
markdown.renderer.rules.link_open = renderLinkOpen;
