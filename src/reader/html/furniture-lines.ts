import {
  articleNoticePatterns,
  creditLineOpeners,
  creditTailLabels,
  dateLabelLinks,
  dateLabels,
  figureLabels,
  phrasesOf,
  pictureAgencies,
  readAlsoColonLabels,
  readAlsoLabels,
  sectionOpenerLines,
  teaserSectionHeadings,
  timeLinks,
  timeSuffixes,
} from './phrases/index.js';

/** A regular expression matching a whole short line that is one of `phrases` (a colon may follow). */
function wholeLineOf(phrases: string[]): RegExp {
  return new RegExp(`^(${phrases.join('|')})\\s*[:.!…]*$`, 'i');
}

const teaserPhrases = phrasesOf(teaserSectionHeadings);

/** A heading that opens a section of teasers, comments or the author's box; the whole section goes. */
export const teaserSectionHeading = wholeLineOf(teaserPhrases);

/** A short line that opens a "more stories" section, a share prompt, an ad label or a tag list. */
export const sectionOpeners = wholeLineOf([...teaserPhrases, ...phrasesOf(sectionOpenerLines)]);

const readAlso = `(${phrasesOf(readAlsoLabels).join('|')})`;
/** "Read also <a>…</a>" at the start of a short paragraph that is mostly link. */
export const readAlsoLead = new RegExp(`^${readAlso}(?![\\p{L}\\p{N}])`, 'iu');
/** "Read also: <title>": a labelled teaser, a link or not. */
export const readAlsoLabelled = new RegExp(
  `^\\W*(${[readAlso, ...phrasesOf(readAlsoColonLabels)].join('|')})\\W*:|^>>.*<<$`,
  'iu',
);

/** Short lines that credit an image or label an ad, e.g. "Foto: Jane Doe", "Getty Images". */
export const creditLine = new RegExp(`^(${creditLineOpeners.join('|')})\\b.{0,80}$`, 'i');

/**
 * A line that is only a date or a time, perhaps labelled: "23.10.2018", "15. Mai 2019, 05:28 Uhr",
 * "Updated: March 3, 2020", "3:59 PM". Month names are any word, so every language matches.
 */
export const dateLine = (() => {
  const label = `(?:(?:${dateLabels.join('|')})(?: (?:${dateLabelLinks.join('|')}))?\\s*:?\\s*)?`;
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
  const time = `\\d{1,2}:\\d{2}(?: ?(?:${timeSuffixes.join('|')}))?`;
  return new RegExp(
    `^${label}(?:${weekday}(?:${date})(?:,? (?:${timeLinks.join('|')})?${time})?|${time})\\s*[.|]?$`,
    'iu',
  );
})();

/** Sentences printed around every article rather than in it: filing notes, disclosures, appeals. */
export const articleNoticeLine = new RegExp(articleNoticePatterns.join('|'), 'i');

/**
 * A picture's caption ends with its credit: "… | © Getty Images", "… (mlharing / iStock.com)",
 * "Roman Prymula, photo: Archives", "(Credit: Clayton Aldern / Grist)".
 */
export const creditTail = new RegExp(
  `(?:(?:©|(?:^|[\\s.,;|(])(?:${creditTailLabels.join('|')}))\\s*[^.!?©:]{1,80}|[/|]\\s*(?:${pictureAgencies.join('|')}))\\)?\\s*$`,
  'iu',
);

/** The caption of a picture set as a paragraph: "Abbildung 4: …", "Fig. 2. …". */
export const figureCaptionLine = new RegExp(`^\\W*(${figureLabels.join('|')})\\s*\\d*\\s*[.:]`, 'i');
