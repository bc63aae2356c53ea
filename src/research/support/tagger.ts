import { createRequire } from 'node:module';
import type { Analysis } from './analyse.js';

/** Universal part of speech of a word, as the English model tags it (`NOUN`, `VERB`, `AUX`, `ADP`…). */
export type PartOfSpeech = string;

/** What the tagger reads of one of the check's tokens. */
export interface Tag {
  pos: PartOfSpeech;
  /** Dictionary form, lower case (`was` → `be`, `began` → `begin`, `metres` → `meter`). */
  lemma: string;
}

/** Characters of one text the tagger reads at most: a hostile page cannot make a check slow. */
const MAX_TAGGED_CHARACTERS = 4_000;

interface Tagger {
  tag(text: string): { values: string[]; pos: string[]; lemmas: string[] };
}

type WinkNlp = typeof import('wink-nlp').default;
type WinkModel = typeof import('wink-eng-lite-web-model').default;

let loaded: Tagger | undefined;

/**
 * wink-nlp with its English model, loaded at the first sentence that needs part-of-speech tags
 * (about a second) unless `loadTagger` loaded it before: commands that never check a claim never load
 * it. Synchronous, like the check.
 */
function tagger(): Tagger {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  // Both are CommonJS modules whose `module.exports` is what their typings call the default export.
  loaded = taggerOf(require('wink-nlp') as WinkNlp, require('wink-eng-lite-web-model') as WinkModel);
  return loaded;
}

/**
 * Loads the tagger ahead of the first check that needs it: the packages are read without blocking,
 * then the model is built (a few hundred milliseconds of work, once per process). Run setup calls it
 * so that the first claim check of a run does not pay for it.
 */
export async function loadTagger(): Promise<void> {
  if (loaded) return;
  const [winkNlp, model] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]);
  // Let a check that needed the tagger meanwhile keep the one it built.
  loaded ??= taggerOf(winkNlp.default, model.default);
}

function taggerOf(winkNlp: WinkNlp, model: WinkModel): Tagger {
  const nlp = winkNlp(model, ['pos']);
  const { its } = nlp;
  return {
    tag(text) {
      const tokens = nlp.readDoc(text).tokens();
      return {
        values: tokens.out(its.value) as string[],
        pos: tokens.out(its.pos) as string[],
        // The typings give `its.lemma` the signature of a model add-on; at run time it is an `its` like the others.
        lemmas: tokens.out(its.lemma as unknown as typeof its.value) as string[],
      };
    },
  };
}

const cache = new WeakMap<Analysis, (Tag | undefined)[]>();

/**
 * The tag of each token of an analysed text (undefined for a token the model split otherwise, and
 * for every token past MAX_TAGGED_CHARACTERS). A token takes the tag of the model's token that starts
 * where it starts; computed once per analysis.
 */
export function tagsOf(analysis: Analysis): (Tag | undefined)[] {
  const known = cache.get(analysis);
  if (known) return known;
  const text = analysis.text.slice(0, MAX_TAGGED_CHARACTERS);
  const { values, pos, lemmas } = tagger().tag(text);
  const byStart = new Map<number, Tag>();
  let cursor = 0;
  values.forEach((value, index) => {
    const start = text.indexOf(value, cursor);
    if (start === -1) return;
    cursor = start + value.length;
    byStart.set(start, { pos: pos[index] ?? 'X', lemma: lemmas[index] ?? value.toLowerCase() });
  });
  const tags = analysis.tokens.map((token) => byStart.get(token.start));
  cache.set(analysis, tags);
  return tags;
}
