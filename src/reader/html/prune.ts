import { isCaption, isInnerFurniture, isPostFurniture } from './boilerplate.js';
import { childElementsOf, isText, normalizeSpace, tagOf } from './dom.js';
import { headedSectionOf, removeEmptySections } from './sections.js';
import { linkDensityOf, measure } from './stats.js';

/** A regular expression matching a whole short line that is one of `phrases` (a colon may follow). */
function wholeLineOf(phrases: string[]): RegExp {
  return new RegExp(`^(${phrases.join('|')})\\s*[:.!…]*$`, 'i');
}

/**
 * Headings of the sections after an article that point elsewhere: related and recent stories,
 * comments, the author box, in the languages the reader meets most.
 */
const teaserPhrases = [
  'related( (posts|articles|stories|topics|content|links|news|reading|coverage))?',
  '(next|previous) (post|article|story)',
  'more (from|stories|news|articles)( .*)?',
  'you (may|might) (also )?(like|enjoy|be interested)',
  'read (more|next|also)',
  'recommended( for you| reading| articles| stories)?',
  'popular( posts| stories| articles)?',
  'most (read|popular|viewed)',
  'latest (news|posts|stories|articles)',
  'recent (posts|articles|news|stories)',
  'also in (the )?news',
  'other (news|stories|articles|posts)',
  'top stories',
  'trending( now| stories| articles)?',
  "editor'?s'? picks",
  'leave a (reply|comment)',
  '\\d* ?comments?',
  'about the author',
  'über den autor',
  'auch interessant',
  '(das|das thema|dieses thema) könnte (dich|sie) auch interessieren',
  'mehr zum thema',
  'lesen sie (auch|mehr)( .*)?',
  'zum weiterlesen',
  'weiterführende[rn]? (links?|artikel|beiträge|informationen)',
  '(vorschau auf den )?(nächste[rn]?|vorherige[rn]?) (artikel|beitrag)',
  'am meisten gelesen',
  'meistgelesen',
  'letzte kommentare',
  '\\d* ?kommentare?',
  'lire aussi',
  'à lire aussi',
  'sur le même sujet',
  'le puede interesar',
  'lea también',
  'czytaj (też|także|również)',
  'zobacz (też|także|również)',
  // Related, recommended and recent stories.
  '(verwandte|ähnliche|empfohlene|beliebte|neueste|aktuelle|passende) (beiträge|artikel|themen|themenbereiche|nachrichten|kommentare|produkttests)',
  'meist(gelesen|diskutiert|kommentiert|geklickt)e?( artikel| beiträge)?',
  'meist-(gelesen|diskutiert|kommentiert)e?',
  'top[- ]themen( .*)?',
  'mehr (aus|von) .*',
  'mehr themen',
  'weitere ([\\wäöüß-]+ )?[\\wäöüß-]*(artikel|beiträge|nachrichten|themen|news|videos|tipps|meldungen)( .*)?',
  'schon gelesen\\??',
  'auch auf [\\w.-]+',
  'vous aimerez aussi',
  'vous (pourriez|pouvez|devriez) aussi aimer',
  '(les )?articles les plus lus',
  'les plus lus',
  'dans la même rubrique',
  'sur le même thème',
  'audios et vidéos sur le sujet',
  '(temas|noticias|artículos) relacionad[oa]s',
  'te puede interesar',
  'lo más (leído|visto)',
  'más noticias',
  '(notizie|articoli) correlat[ie]',
  'potrebbe interessarti',
  '(notícias|artigos) relacionad[oa]s',
  'veja também',
  'leia (também|mais)',
  'powiązane( artykuły)?',
  'najczęściej czytane',
  // Comment forms and empty comment sections.
  '(hinterlasse|schreibe|schreiben sie) (jetzt |uns )?einen kommentar',
  'kommentar(e)? (schreiben|verfassen|abgeben|hinzufügen)',
  'kommentieren',
  'no responses?( yet| so far)?( »)?',
  'no comments( yet)?',
  'say your words',
  'join the (discussion|conversation)',
  'add (a|your) comment',
  'laisser un commentaire',
  'deja un comentario',
  // A press release's contact people.
  'ansprechpartner(in)?( .*)?',
  'pressekontakt',
  'kontakt',
  'contact( us)?',
  '(media|press) contacts?',
  // Newsletter prompts.
  'subscribe( to [\\w ]+)?',
  'stay up[- ]to[- ]date( .*)?',
  'sign up for (our|the) [\\w ]+',
  '(unser |abonnieren sie unseren |zum )?newsletter( abonnieren)?',
];

/**
 * A heading that opens a section of teasers, comments or the author's box; the whole section goes.
 * Narrower than `sectionOpeners`: "See also" and "More about X" open sections of documentation,
 * and a table of contents is followed by the article itself.
 */
const teaserSectionHeading = wholeLineOf(teaserPhrases);

/**
 * Headings and short lines that open "more stories" sections, share prompts, rating widgets and
 * ad labels, tables of contents and tag lists: the line goes with the links that follow it.
 */
const sectionOpeners = wholeLineOf([
  ...teaserPhrases,
  'see also',
  'more (on|about) .*',
  'explore further',
  'share( this( (article|post|page|story))?)?',
  'advertisement',
  'sponsored',
  'tags?',
  'table of contents',
  'contents',
  'inhaltsverzeichnis',
  'inhalt',
  'mehr (dazu|zu [\\w ]+)',
  'weitere (themen|informationen)',
  'ähnliche themen',
  'kommentar schreiben',
  'seite teilen',
  'artikel (teilen|bewerten|drucken)',
  'teilen',
  'anzeige',
  'schlagwörter',
  'temas',
  'themen',
  'comments are closed',
  'kommentare (sind )?geschlossen',
  '(bisher |noch )?keine kommentare( vorhanden)?',
  '\\(?noch keine bewertungen\\)?',
  'be the first to (comment|review)',
  // Buttons set as text.
  '(alle|mehr) anzeigen',
  '(show|view|see) (all|more)',
  'zum (shop|angebot|produkt)',
  'merken',
  'pinnen',
  'drucken',
  'zurück',
  'print',
  // Rating, sharing and download prompts.
  '(%d |\\d+ )?bloggern gefällt das',
  '\\d+ bloggers like this',
  'valora esta noticia',
  'war (der|dieser) (artikel|beitrag|text) (hilfreich|nützlich)\\??',
  'was this (article|page|post) (helpful|useful)\\??',
  'rate this (article|post|recipe|story)',
  '(möchten sie )?(den|diesen) (artikel|beitrag) teilen\\??',
  '(den )?artikel mit anderen teilen(/diskutieren)?',
  '[\\wäöüß -]{0,40} als pdf( herunterladen)?',
  'quellen (ausblenden|anzeigen)',
]);

/**
 * How a link to another article is introduced inside the text: "Read also: <a>…</a>",
 * "À lire aussi", "Lesen Sie hier …". Matched at the start of a short paragraph that is mostly link.
 */
const readAlsoLabels =
  '(read (also|more|next)|also read|see also|related|(à |a )?lire aussi|lesen sie (auch|mehr|hier)|auch lesen|mehr zum thema|auch interessant|le puede interesar|lea también|lee también|puedes ver|mira también|leia também|veja também|leggi anche|czytaj (też|także|również)|zobacz (też|także|również))';
const readAlsoLead = new RegExp(`^${readAlsoLabels}(?![\\p{L}\\p{N}])`, 'iu');
/** "Read also: <title>": a labelled teaser, a link or not. */
const readAlsoLabelled = new RegExp(`^\\W*(${readAlsoLabels}|mira|mire)\\W*:|^>>.*<<$`, 'iu');

/** Short lines that credit an image or label an ad, e.g. "Foto: Jane Doe", "Getty Images", "Credit: AP". */
const creditLine =
  /^(foto|fotos|photo|photos|photograph(ed)? by|bild|bilder|bild via|beitragsbild|titelbild|credit|credits|image|images|quelle|source|fuente|©|\(c\)|getty images|reuters|dpa|afp|imago|shutterstock)\b.{0,80}$/i;

/**
 * A line that is only a date or a time, perhaps labelled: "23.10.2018", "15. Mai 2019, 05:28 Uhr",
 * "Updated: March 3, 2020", "3:59 PM". Month names are any word, so every language matches.
 */
const dateLine = (() => {
  const label =
    '(?:(?:published|updated|posted|last updated|release date|date|veröffentlicht|veröffentlichung|aktualisiert|publiziert|erstellt|stand|datum|publié|mis à jour|publicado|actualizado|pubblicato|aggiornato)(?: (?:am|on|le|el|il))?\\s*:?\\s*)?';
  const weekday = '(?:\\p{L}{2,12}\\.?,? )?';
  const day = '\\d{1,2}';
  const year = '\\d{4}';
  const date = [
    `${day}\\.\\s?${day}\\.\\s?(?:\\d{2}|${year})`,
    `${year}-\\d{2}-\\d{2}`,
    `${day}/${day}/(?:\\d{2}|${year})`,
    `${day}\\.? \\p{L}{3,12}\\.? ${year}`,
    `\\p{L}{3,12}\\.? ${day},? ${year}`,
  ].join('|');
  const time = '\\d{1,2}:\\d{2}(?: ?(?:uhr|am|pm|h))?';
  return new RegExp(
    `^${label}(?:${weekday}(?:${date})(?:,? (?:um |at |à )?${time})?|${time})\\s*[.|]?$`,
    'iu',
  );
})();

/**
 * Sentences a blog or newspaper prints around every article rather than in it: where and when it
 * was filed, affiliate and advertising disclosures, copyright and licence notices, calls to follow,
 * subscribe or donate.
 */
const articleNoticeLine = new RegExp(
  [
    '^(this (entry|post|article) was (posted|filed)|filed under|der beitrag wurde|dieser (beitrag|eintrag|artikel|text) wurde (am|unter|veröffentlicht)|erstellt am|veröffentlicht (in|von|unter) |verfasst (von|am):?|(kategorie|category|rubrik|catégorie|categoría)\\s?:|abgelegt unter|publié (le|par|dans) |publicado (el|por|en) )',
    '^(\\*?\\(?(anzeige|werbung)\\)?\\s*[,:*.|-]|this (post|article|page) (contains|may contain) (affiliate|references to products|sponsored)|für links auf dieser seite|dieser (beitrag|artikel) enthält (affiliate|werbe)|enthält affiliate)',
    '^(©|\\(c\\)|copyright)\\s',
    '(all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati)\\.?$',
    '(unter|under) (der|a|the) (lizenz|licen[cs]e) \\[?(cc|creative commons)|stehen inhalte dieser (website|seite) unter',
    // Calls to follow, subscribe, donate or write in.
    '^\\W*(follow (us|[\\w ]{1,30}) on (twitter|facebook|instagram|linkedin|telegram)|síguenos en|siguenos en|folge(n sie)? uns auf|suivez-nous (sur|on)|seguici su)',
    '(sign(ing)? up (for|to)|subscribe to) (our|the) [\\w ]{0,30}newsletter|newsletter (abonnieren|bestellen)|für (unseren|den) newsletter an|inscrivez-vous à (notre|la) newsletter|suscríbete a (nuestro|el) (boletín|newsletter)',
    '^\\W*(support us|unterstütze?n? (sie )?(uns|diese form|unsere arbeit)|jede (kleine )?spende|spenden sie|donate now|faire un don|haz una donación)',
    'submit (your|a) letter to the editor',
    // Calls to subscribe past a paywall, to get the app, to join a channel.
    '(please subscribe|already a subscriber|pour accéder en illimité|hazte (miembro|socio)|jetzt registrieren\\W*$|im abo,)',
    '((download|get) (the|our) [\\w ]{1,30} app\\b|straight to your (phone|inbox)|(tenemos|nuestro|our|unser(en)?) (canal|channel|kanal) (de |on |auf )?(telegram|youtube|whatsapp))',
    // Placeholders of embedded posts and maps that wait for consent.
    '^(externer inhalt|external content)$|(inhalte?|beitrag) von [\\w.-]+ (zu )?laden|ohne (dein|ihr)e?n? (einverständnis|einwilligung|zustimmung) keine verbindung',
    // Appeals and standing notes after the article.
    '^(if you (enjoyed|liked) (reading )?this (post|article)|wenn (ihnen|dir) (unser|dieser|der) (artikel|beitrag) gefallen hat|help us continue|do you want to be informed)',
    '(beitrag|artikel|text) gibt (die|nur die) meinung (des autors|der autorin|des verfassers)',
    '^(our standards:|suggested citation)',
    'trackback',
  ].join('|'),
  'i',
);

/**
 * A picture's caption ends with its credit: "… | © Getty Images", "… (mlharing / iStock.com)",
 * "Roman Prymula, photo: Archives", "(Credit: Clayton Aldern / Grist)".
 */
const creditTail =
  /(?:(?:©|(?:^|[\s.,;|(])(?:\(c\)|fotos?:|photos?:|bild:|credits?:|crédits? photos?\s?:|photo credits?:|quelle: (?:foto|bild)))\s*[^.!?©:]{1,80}|[/|]\s*(?:getty images|istock(?:\.com|photo)?|shutterstock|picture alliance|imago(?: images)?|dpa|afp|ap photo|reuters))\)?\s*$/iu;

/** The caption of a picture set as a paragraph: "Abbildung 4: …", "Fig. 2. …". */
const figureCaptionLine = /^\W*(abbildung|abb\.|figure|fig\.|grafik|schaubild|illustration)\s*\d*\s*[.:]/i;

/** Notices are a sentence or two. */
const NOTICE_MAX_LENGTH = 300;

/** Whether a heading opens a section of teasers, comments or the author's box. */
function isOpener(heading: Element): boolean {
  const text = normalizeSpace(heading.textContent ?? '');
  return text.length < 120 && teaserSectionHeading.test(text);
}

/** The teaser-section heading that `element` (with text `text`) is or only wraps. */
function openingHeadingOf(element: Element, text: string): Element | undefined {
  const heading = /^h[2-6]$/.test(tagOf(element)) ? element : element.querySelector('h2, h3, h4, h5, h6');
  if (!heading || !isOpener(heading)) return undefined;
  return heading === element || normalizeSpace(heading.textContent ?? '') === text ? heading : undefined;
}

/** A section opened by a "related stories" heading may hold at most this share of the content. */
const SECTION_MAX_SHARE = 0.4;

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
  'time',
]);

/** Furniture that repeats this often is part of each item of a listing or gallery. */
const REPEATED_ITEM_COUNT = 3;
/** Furniture is short: a block with more text than this is prose whatever its class says. */
const FURNITURE_MAX_LENGTH = 500;
/** A dateline or byline inside a paragraph is part of its sentence. */
const inlineTags = new Set(['abbr', 'b', 'em', 'i', 'small', 'span', 'strong', 'time']);
/** Blocks whose inline children are parts of a sentence. */
const textBlockTags = new Set(['p', 'li', 'td', 'dd', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Whether an inline element is part of a sentence: inside a paragraph, or beside text of its
 * parent's own. A `<span class="byline">` set between paragraphs stands alone.
 */
function isInSentence(element: Element): boolean {
  const parent = element.parentElement;
  if (!parent) return false;
  if (textBlockTags.has(tagOf(parent))) return true;
  return Array.from(parent.childNodes).some((node) => isText(node) && node.data.trim() !== '');
}

/**
 * Removes boilerplate that survives inside the chosen content: "related stories" sections with
 * their link lists, bylines, dates, tag lists, share and rating prompts, image credits and
 * link-dense blocks. A block that holds a large share of the content is never removed; on
 * discussion pages each post keeps its poster and date.
 */
export function pruneContent(
  content: Element[],
  options: { discussion: boolean; article?: boolean } = { discussion: false },
): Element[] {
  // Of several chosen blocks, one that is itself furniture (the author's box beside the article)
  // goes whole.
  const kept =
    content.length < 2
      ? content
      : content.filter(
          (root) =>
            normalizeSpace(root.textContent ?? '').length > FURNITURE_MAX_LENGTH ||
            !isInnerFurniture(root, options.discussion),
        );
  for (const root of kept) {
    const stats = measure(root);
    const total = stats.get(root)?.textLength ?? 0;
    // On listings the items are links; only prose-like content loses its link-dense blocks.
    const pruneLinkLists = linkDensityOf(stats.get(root)) < LINK_LIST_CONTENT_DENSITY;
    const isLarge = (element: Element) => (stats.get(element)?.textLength ?? 0) > Math.max(total * 0.4, 200);
    const repeated = repeatedFurnitureOf(root, options.discussion);
    // Captions repeat under each picture; they are a gallery's text only when they are much of it.
    // Only repeated furniture needs the measure.
    const captionsAreMinor = repeated.size > 0 && captionLengthOf(root) <= total * GALLERY_CAPTION_SHARE;
    // Each item of a listing may carry its own "filed under" line; those stay.
    const dropNotices =
      !options.discussion &&
      countLines(root, 'p, div, small', NOTICE_MAX_LENGTH, articleNoticeLine) < REPEATED_ITEM_COUNT;
    // Dated items of a listing keep their dates, and a short page may be about its date (a
    // schedule); an article's lone dateline goes.
    const dropDates =
      !options.discussion &&
      total >= DATED_TEXT_MIN &&
      countLines(root, 'p, div, span, time, li, strong, b, small', 80, dateLine) <= MAX_DATELINES;
    // A dateline opening the first paragraph is part of its sentence, a caption is not; a block of
    // prose is not furniture.
    const isFurniture = (element: Element, length: number) =>
      (!inlineTags.has(tagOf(element)) || !isInSentence(element) || isCaption(element)) &&
      length <= FURNITURE_MAX_LENGTH &&
      isInnerFurniture(element, options.discussion) &&
      // Every post of a thread has its signature and post count; they repeat and still go.
      (!repeated.has(signatureOf(element)) ||
        (options.discussion && isPostFurniture(element)) ||
        (captionsAreMinor && isCaption(element)));
    const visit = (element: Element): void => {
      const children = childElementsOf(element);
      for (let index = 0; index < children.length; index++) {
        const child = children[index]!;
        const measured = stats.get(child);
        const length = measured?.textLength ?? 0;
        if (isLarge(child)) {
          visit(child);
          continue;
        }
        if (isFurniture(child, length)) {
          child.remove();
          continue;
        }
        if (!prunableTags.has(tagOf(child))) {
          visit(child);
          continue;
        }
        const line = length < NOTICE_MAX_LENGTH ? normalizeSpace(child.textContent ?? '') : '';
        const text = length < 120 ? line : '';
        if (
          dropNotices &&
          line !== '' &&
          /^(p|div|small|em|i|span)$/.test(tagOf(child)) &&
          (articleNoticeLine.test(line) || figureCaptionLine.test(line) || creditTail.test(line))
        ) {
          child.remove();
          continue;
        }
        const heading = text === '' || options.discussion ? undefined : openingHeadingOf(child, text);
        if (heading) {
          // A "related stories" heading opens a section of teasers, which may be prose.
          const section = headedSectionOf(heading, root, { alsoOpens: isOpener });
          const sectionLength = section.reduce(
            (sum, element) => sum + (stats.get(element)?.textLength ?? 0),
            0,
          );
          if (sectionLength <= Math.max(total * SECTION_MAX_SHARE, 200)) {
            for (const element of section) element.remove();
            continue;
          }
        }
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
        } else if (text !== '' && (creditLine.test(text) || (dropDates && dateLine.test(text))))
          child.remove();
        else if (
          text !== '' &&
          ((readAlsoLead.test(text) && linkDensityOf(measured) > 0.4) || readAlsoLabelled.test(text))
        )
          child.remove();
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
    if (!options.discussion) dropCaptions(root, total);
    if (options.article && !options.discussion && pruneLinkLists) dropTeaserCards(root, total);
  }
  removeEmptySections(kept);
  return kept;
}

/** Captions holding more than this share of the content are a gallery's text. */
const GALLERY_CAPTION_SHARE = 0.25;

/**
 * Removes figure captions (what a photo shows, and who took it) unless they are much of the
 * content, as in a gallery whose pictures are described by their captions.
 */
function dropCaptions(root: Element, total: number): void {
  const captions = [...root.querySelectorAll('figcaption')];
  if (textLengthOf(captions) > total * GALLERY_CAPTION_SHARE) return;
  for (const caption of captions) caption.remove();
}

/** A teaser card is a linked headline with a line or two of summary. */
const TEASER_CARD_MAX_LENGTH = 400;
/** Cards holding more than this share of the content are the items of a listing. */
const LISTING_CARD_SHARE = 0.4;

/**
 * Removes teaser cards an article carries for other pages: a block of its own holding a linked
 * headline and a short summary ("Next story", a grid of further reading). An article's own linked
 * headings sit among its paragraphs, not each in a block, and stay; so do the cards when they are
 * much of the content, the items of a listing.
 */
function dropTeaserCards(root: Element, total: number): void {
  const cards = new Set<Element>();
  const headings = [...root.querySelectorAll('h2, h3, h4, h5, h6')];
  // The first heading may be the post's own title, linked to its permalink.
  for (const heading of headings.slice(1)) {
    if (!isLinkedHeading(heading)) continue;
    let card: Element = heading;
    for (let parent = heading.parentElement; parent && parent !== root; parent = parent.parentElement) {
      if (
        normalizeSpace(parent.textContent ?? '').length > TEASER_CARD_MAX_LENGTH ||
        parent.querySelectorAll('h1, h2, h3, h4, h5, h6').length > 1
      )
        break;
      card = parent;
    }
    if (card !== heading && card.parentElement !== null) cards.add(card);
  }
  if (cards.size === 0) return;
  // Teasers follow the article; cards amid the text are its own (a guide's chapters).
  const first = cards.values().next().value as Element;
  if (
    textLengthOf(cards) > total * LISTING_CARD_SHARE ||
    textBefore(root, first) < total * ARTICLE_BEFORE_CARDS
  )
    return;
  for (const card of cards) card.remove();
}

/** Teaser cards come after the article, which holds at least this share of the content. */
const ARTICLE_BEFORE_CARDS = 0.6;

/** Characters of text in `root` before `target` (in document order), whitespace collapsed. */
function textBefore(root: Element, target: Element): number {
  let length = 0;
  const walk = (node: Node): boolean => {
    if (node === target) return true;
    if (isText(node)) length += normalizeSpace(node.data).length;
    for (const child of Array.from(node.childNodes)) if (walk(child)) return true;
    return false;
  };
  walk(root);
  return length;
}

/** A heading whose text is a link to another page (not an anchor on this one). */
function isLinkedHeading(heading: Element): boolean {
  const text = normalizeSpace(heading.textContent ?? '');
  if (text.length < 10) return false;
  const link = heading.closest('a[href]') ?? heading.querySelector('a[href]');
  const href = link?.getAttribute('href') ?? '';
  if (!link || href === '' || href.startsWith('#')) return false;
  return link.contains(heading) || normalizeSpace(link.textContent ?? '').length >= text.length * 0.9;
}

/** Characters of text in the captions (by class, outermost only) under `root`. */
function captionLengthOf(root: Element): number {
  return textLengthOf(
    [...root.querySelectorAll('[class]')].filter(
      (element) => isCaption(element) && !hasCaptionAbove(element, root),
    ),
  );
}

/** Characters of text in `elements`, whitespace collapsed. */
function textLengthOf(elements: Iterable<Element>): number {
  let length = 0;
  for (const element of elements) length += normalizeSpace(element.textContent ?? '').length;
  return length;
}

function hasCaptionAbove(element: Element, root: Element): boolean {
  for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement)
    if (isCaption(parent)) return true;
  return false;
}

/** An article has a dateline or two (published, updated); more dates are items of a listing. */
const MAX_DATELINES = 2;
/** Content shorter than this keeps its dates. */
const DATED_TEXT_MIN = 1000;

/**
 * How many blocks of `root` (of the tags in `selector`, shorter than `maxLength`) have text that
 * `pattern` matches; a block that only wraps another is counted once.
 */
function countLines(root: Element, selector: string, maxLength: number, pattern: RegExp): number {
  let count = 0;
  for (const element of root.querySelectorAll(selector)) {
    const text = element.textContent ?? '';
    if (text.length > maxLength) continue;
    const line = normalizeSpace(text);
    if (childElementsOf(element).some((child) => normalizeSpace(child.textContent ?? '') === line)) continue;
    if (pattern.test(line)) count++;
  }
  return count;
}

/** Tag and class of an element: what repeated items of a listing share. */
function signatureOf(element: Element): string {
  return `${tagOf(element)}.${element.getAttribute('class') ?? ''}`;
}

/**
 * Signatures of furniture-like blocks that repeat (three or more times) in the content: the
 * meta line, caption or widget of each item of a listing or gallery is part of the item.
 */
function repeatedFurnitureOf(root: Element, discussion: boolean): Set<string> {
  const counts = new Map<string, number>();
  for (const element of root.querySelectorAll('[class]')) {
    if (!isInnerFurniture(element, discussion)) continue;
    const signature = signatureOf(element);
    counts.set(signature, (counts.get(signature) ?? 0) + 1);
  }
  return new Set(
    [...counts].filter(([, count]) => count >= REPEATED_ITEM_COUNT).map(([signature]) => signature),
  );
}
