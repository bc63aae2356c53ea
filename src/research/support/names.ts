import { NAME_CONNECTORS, SENTENCE_OPENERS, TITLES, WEEKDAYS } from './common-words.js';
import { isCapitalised, type Token } from './tokens.js';

/** Parts of a hyphenated name squashed at most (`Ibero-American` has two): bounded work on `A-A-A-…`. */
const MAX_COMPOUND_PARTS = 4;

/** A name written in a sentence: a run of capitalised words (`Thomas K. Arnold`, `Bank of England`). */
export interface Name {
  /** The name as written. */
  text: string;
  /** Its words that say who or what it is (no initials, connectors or titles), folded. */
  words: string[];
  /** Its hyphenated parts squashed (`Ibero-American` → `iberoamerican`), folded. */
  compounds: string[];
  /** Initials of its words when it has several (`Democratic National Committee` → `dnc`). */
  initials?: string;
  /**
   * The word that says what it names, folded: the last of several words with no small word between
   * them (`Coleman` in `Harriet Coleman`, `Park` in `Hyde Park`; a regnal number aside: `Henry` in
   * `Henry VI`). Undefined for one word, or for a name with `of`, `de`… inside (`Bank of England`).
   */
  head?: string;
  /** One word opening a sentence: a name only if a text writes it capitalised elsewhere. */
  initial: boolean;
  start: number;
  end: number;
}

/** A capitalised word, an all-capitals acronym, or an initial with its dot. */
function isNameWord(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  return token?.kind === 'word' && isCapitalised(token.text);
}

/** A regnal or edition number in capitals (`VI` in `Henry VI`, `XLVIII`): it follows the head of a name. */
const REGNAL_NUMBER = /^[IVXLC]+$/;

/** Opening quotes and brackets looked through when deciding whether a word opens a sentence. */
const MAX_OPENING_MARKS = 3;

/** Whether the word at `index` opens a sentence (first token, or after `.`, `!`, `?`, `:` and opening marks). */
export function opensSentence(tokens: readonly Token[], index: number): boolean {
  for (let back = index - 1; back >= Math.max(0, index - 1 - MAX_OPENING_MARKS); back -= 1) {
    const token = tokens[back];
    if (!token) return true;
    if (token.text === '"' || token.text === '(' || token.text === '[' || token.text === '«') continue;
    return token.text === '.' || token.text === '!' || token.text === '?' || token.text === ':';
  }
  return index <= MAX_OPENING_MARKS;
}

/** A possessive's owner (`Williams's` → `williams`, `Arnold's` → `arnold`). */
export function withoutPossessive(folded: string): string {
  return folded.replace(/'s?$/u, '');
}

function nameFrom(tokens: readonly Token[], start: number, end: number, text: string): Name | undefined {
  const words: string[] = [];
  const compounds: string[] = [];
  let initials = '';
  let compound = '';
  let parts = 0;
  let connected = false;
  let regnal = 0;
  for (let index = start; index < end; index += 1) {
    const token = tokens[index];
    if (token?.kind !== 'word') continue;
    const folded = withoutPossessive(token.folded);
    const joinedByHyphen = tokens[index - 1]?.text === '-' && token.joined && parts < MAX_COMPOUND_PARTS;
    compound = joinedByHyphen ? compound + folded : folded;
    parts = joinedByHyphen ? parts + 1 : 1;
    if (joinedByHyphen) compounds.push(compound);
    if (NAME_CONNECTORS.has(token.folded)) {
      connected = true;
      continue;
    }
    if (index === end - 1 && words.length > 0 && REGNAL_NUMBER.test(token.text)) regnal = 1;
    if (TITLES.has(folded) && index < end - 1) continue;
    const initial = token.text.length === 1 && tokens[index + 1]?.text === '.';
    if (initial) continue;
    initials += folded[0] ?? '';
    words.push(folded);
  }
  if (words.length === 0) return undefined;
  // "Tech Crunch" is "TechCrunch", "Jean Pierre" is "Jean-Pierre": the name's words written as one.
  if (words.length > 1) compounds.push(words.join(''));
  const name: Name = {
    text: text.slice(tokens[start]?.start ?? 0, tokens[end - 1]?.end ?? 0),
    words,
    compounds,
    start,
    end,
    initial: end - start === 1 && opensSentence(tokens, start),
  };
  if (words.length > 1) name.initials = initials;
  if (words.length > 1 + regnal && !connected) name.head = words[words.length - 1 - regnal];
  return name;
}

/**
 * The names of a sentence: runs of capitalised words, with initials (`K.`), hyphens and the small
 * words names contain (`of`, `van`, `de`) inside them. A sentence's first word counts only when it
 * is not a common opener ("The", "In", "After"…); weekdays and tokens already read as dates or
 * figures (`taken`) are not names.
 */
export function findNames(tokens: readonly Token[], text: string, taken: ReadonlySet<number>): Name[] {
  const names: Name[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    const opener = token !== undefined && opensSentence(tokens, index) && SENTENCE_OPENERS.has(token.folded);
    const currency = tokens[index + 1]?.text === '$' && tokens[index + 1]?.joined;
    if (
      !isNameWord(tokens, index) ||
      taken.has(index) ||
      opener ||
      currency ||
      WEEKDAYS.has(token?.folded ?? '')
    ) {
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < tokens.length && !taken.has(end)) {
      const next = tokens[end];
      if (isNameWord(tokens, end) && !WEEKDAYS.has(next?.folded ?? '')) end += 1;
      else if (next?.text === '.' && next.joined && tokens[end - 1]?.text.length === 1) end += 1;
      else if (
        next?.text === '-' &&
        next.joined &&
        tokens[end + 1]?.joined &&
        tokens[end + 1]?.kind === 'word'
      )
        end += 1;
      else if (next?.kind === 'word' && NAME_CONNECTORS.has(next.folded)) {
        // Up to two small words inside a name: `Bank of England`, `Order of the British Empire`.
        const connectors = NAME_CONNECTORS.has(tokens[end + 1]?.folded ?? '') ? 2 : 1;
        if (!isNameWord(tokens, end + connectors) || taken.has(end + connectors)) break;
        end += connectors + 1;
      } else break;
    }
    const name = nameFrom(tokens, index, end, text);
    if (name) names.push(name);
    index = end;
  }
  return names;
}

/** Folded words the texts write capitalised other than at the start of a sentence. */
export function capitalisedMidSentence(texts: readonly { tokens: readonly Token[] }[]): Set<string> {
  const found = new Set<string>();
  for (const { tokens } of texts) {
    tokens.forEach((token, index) => {
      if (token.kind === 'word' && isCapitalised(token.text) && !opensSentence(tokens, index))
        found.add(token.folded);
    });
  }
  return found;
}
