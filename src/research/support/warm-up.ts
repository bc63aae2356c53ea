import { analyse } from './analyse.js';
import { loadTagger } from './tagger.js';

/**
 * Gets the support check ready before a run checks its first claim: loads the part-of-speech tagger
 * (its packages without blocking, then its model) and the stemmer, which the check otherwise loads
 * at the first sentence that needs them. Safe to call more than once and to leave running: a check
 * that starts meanwhile loads what it needs itself.
 */
export async function warmUpSupportCheck(): Promise<void> {
  await loadTagger();
  // One short sentence through the reader: the stemmer's tables and the reader's code paths.
  analyse('The tower was completed in 1889.');
}
