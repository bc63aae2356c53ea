import { removeBoilerplate } from './clean.js';
import { readMetadata } from './metadata.js';
import { contentRootOf, parseDocument } from './parse.js';
import { type RenderContext, renderBlock } from './render.js';
import { selectMainContent } from './select.js';
import { markdownSyntax, textSyntax } from './syntax.js';
import type { ExtractedPage, ExtractHtmlOptions } from './types.js';
import { baseUrlOf } from './urls.js';

/**
 * Extracts the main content of an HTML page as markdown and plain text, with its metadata.
 * Never throws on broken markup; a page without recognisable content yields empty strings.
 */
export function extractHtml(html: string, options: ExtractHtmlOptions): ExtractedPage {
  const document = parseDocument(html);
  const metadata = readMetadata(document);
  const baseUrl = baseUrlOf(document, options.url);
  const root = contentRootOf(document);
  const isForum = false;
  removeBoilerplate(root, { keepComments: isForum });
  const content = selectMainContent(root);
  const render = (context: RenderContext) =>
    content
      .flatMap((element) => renderBlock(element, context))
      .join('\n\n')
      .trim();
  const markdown = render({ syntax: markdownSyntax, baseUrl, images: true });
  const text = render({ syntax: textSyntax, baseUrl, images: false });
  return {
    title: metadata.title,
    ...(metadata.byline === undefined ? {} : { byline: metadata.byline }),
    ...(metadata.publishedAt === undefined ? {} : { publishedAt: metadata.publishedAt }),
    ...(metadata.lang === undefined ? {} : { lang: metadata.lang }),
    ...(metadata.siteName === undefined ? {} : { siteName: metadata.siteName }),
    markdown,
    text,
  };
}
