import type { RendererRule } from 'markdown-it';

/** What the HTML renderer is given per call (markdown-it's `env`). */
export interface HtmlOptions {
  /** The address of reference `number` (e.g. `#reference-2`), or undefined to leave `[n]` as text. */
  citationHref?: (number: number) => string | undefined;
}

/** A citation marker: a link to its numbered reference when the page has one, else the text `[n]`. */
export function citationRenderer(escapeHtml: (text: string) => string): RendererRule {
  return (tokens, index, _options, env) => {
    const number = Number(tokens[index]?.meta?.number);
    const href = (env as HtmlOptions | undefined)?.citationHref?.(number);
    const label = `[${number}]`;
    return href ? `<a class="citation" href="${escapeHtml(href)}">${label}</a>` : label;
  };
}

/** Links open without handing the page to the target. */
export const renderLinkOpen: RendererRule = (tokens, index, options, _env, renderer) => {
  tokens[index]?.attrSet('rel', 'noopener noreferrer');
  return renderer.renderToken(tokens, index, options);
};
