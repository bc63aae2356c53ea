/**
 * Words by which a question says what it wants of its sources, matched as whole words, lower-case.
 * A question matching several kinds takes the first in `INTENT_ORDER`.
 */

import type { SourceIntent } from '../../contract/index.js';

/** Words of a comma-separated list. */
function words(list: string): readonly string[] {
  return list.split(/,\s*/);
}

/** The phrases of each intent the words can show (`site` and `recent` are read otherwise). */
export const INTENT_WORDS: Partial<Record<SourceIntent, readonly string[]>> = {
  academic: words(
    'paper, papers, study, studies, peer-reviewed, peer reviewed, journal, journals, arxiv, doi, meta-analysis, systematic review, thesis, dissertation, academic, scholarly, literature, preprint, randomized, clinical trial, researchers found',
  ),
  documentation: words(
    'docs, documentation, api reference, reference manual, manual, man page, sdk, specification, spec, changelog, release notes, configuration option, config option, how do i configure, official docs',
  ),
  official: words(
    'official, officially, government, regulation, regulations, law, statute, ministry, agency, press release, announced, announcement, policy, guidance, legislation',
  ),
  opinion: words(
    'opinion, opinions, review, reviews, what do people think, experiences, experience with, pros and cons, worth it, recommend, recommendations, criticism, critics, debate, controversy',
  ),
};

/** Which intent wins when a question shows several: the most specific first. */
export const INTENT_ORDER = ['academic', 'documentation', 'official', 'opinion'] as const;
