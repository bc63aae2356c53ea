import { childElementsOf, normalizeSpace, tagOf } from './dom.js';
import { linkDensityOf, measure } from './stats.js';

/**
 * Headings and short lines that open "more stories" sections, share prompts, rating widgets and
 * ad labels, in the languages the reader meets most. Matched against a whole short block.
 */
const sectionOpeners = new RegExp(
  `^(${[
    'related( (posts|articles|stories|topics|content|links))?',
    'see also',
    'more (from|on|about|stories|news|articles)( .*)?',
    'you (may|might) (also )?(like|enjoy|be interested)',
    'read (more|next|also)',
    'recommended( for you)?',
    'explore further',
    'popular( posts| stories)?',
    'most (read|popular|viewed)',
    'latest (news|posts|stories)',
    'share( this( (article|post|page|story))?)?',
    'leave a (reply|comment)',
    '\\d* ?comments?',
    'advertisement',
    'sponsored',
    'tags?',
    'about the author',
    'table of contents',
    'contents',
    'über den autor',
    'inhaltsverzeichnis',
    'inhalt',
    'auch interessant',
    'das könnte (dich|sie) auch interessieren',
    'mehr zum thema',
    'mehr (dazu|zu [\\w ]+)',
    'weitere (artikel|beiträge|nachrichten|themen|informationen)',
    'ähnliche (beiträge|artikel|themen)',
    'lesen sie (auch|mehr)',
    'zum weiterlesen',
    'am meisten gelesen',
    'meistgelesen',
    'letzte kommentare',
    '\\d* ?kommentare?',
    'kommentar schreiben',
    'seite teilen',
    'artikel (teilen|bewerten|drucken)',
    'teilen',
    'anzeige',
    'schlagwörter',
    'le puede interesar',
    'lea también',
    'lire aussi',
    'à lire aussi',
    'sur le même sujet',
    'czytaj (też|także|również)',
    'zobacz (też|także|również)',
    'temas',
  ].join('|')})\\s*[:.!…]*$`,
  'i',
);

/** Short lines that credit an image or label an ad, e.g. "Foto: Jane Doe", "Getty Images", "Credit: AP". */
const creditLine =
  /^(foto|fotos|photo|photos|bild|bilder|credit|credits|image|images|quelle|source|fuente|©|\(c\)|getty images|reuters|dpa|afp|imago|shutterstock)\b.{0,80}$/i;

/** Content with more of its text in links than this is treated as a listing, whose links stay. */
const LINK_LIST_CONTENT_DENSITY = 0.3;

/** Elements that may be pruned as a whole. */
const prunableTags = new Set([
  'div',
  'section',
  'ul',
  'ol',
  'p',
  'aside',
  'span',
  'figcaption',
  'header',
  'dl',
  'table',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
]);

/**
 * Removes boilerplate that survives inside the chosen content: "related stories" sections with
 * their link lists, share and rating prompts, image credits and link-dense blocks. A block that
 * holds a large share of the content is never removed.
 */
export function pruneContent(content: Element[]): void {
  for (const root of content) {
    const stats = measure(root);
    const total = stats.get(root)?.textLength ?? 0;
    // On listings the items are links; only prose-like content loses its link-dense blocks.
    const pruneLinkLists = linkDensityOf(stats.get(root)) < LINK_LIST_CONTENT_DENSITY;
    const isLarge = (element: Element) => (stats.get(element)?.textLength ?? 0) > Math.max(total * 0.4, 200);
    const visit = (element: Element): void => {
      const children = childElementsOf(element);
      for (let index = 0; index < children.length; index++) {
        const child = children[index]!;
        const measured = stats.get(child);
        const length = measured?.textLength ?? 0;
        if (!prunableTags.has(tagOf(child)) || isLarge(child)) {
          visit(child);
          continue;
        }
        const text = length < 120 ? normalizeSpace(child.textContent ?? '') : '';
        if (text !== '' && sectionOpeners.test(text)) {
          child.remove();
          // The links that follow a "related stories" heading go with it.
          while (
            index + 1 < children.length &&
            linkDensityOf(stats.get(children[index + 1]!)) > 0.5 &&
            !isLarge(children[index + 1]!)
          ) {
            children[++index]!.remove();
          }
        } else if (text !== '' && creditLine.test(text)) child.remove();
        else if (
          pruneLinkLists &&
          !/^(p|h\d)$/.test(tagOf(child)) &&
          length > 0 &&
          length < 1000 &&
          linkDensityOf(measured) > 0.75
        )
          child.remove();
        else visit(child);
      }
    };
    visit(root);
  }
}
