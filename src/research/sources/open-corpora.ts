import { CorpusError, corpusIds, ensureCorpus, type IndexSummary } from '../../corpus/index.js';
import type { Environment } from '../../llm/index.js';
import type { ResearchCorpus } from './corpora.js';

/**
 * Opens and indexes (incrementally) each folder; `onIndexed` hears each summary. On a failure the
 * corpora opened so far are closed and the error is rethrown. With `refuseEmpty` (a run that has
 * nothing else to search), folders whose indexes hold no file are refused with `CorpusError`
 * `empty_corpus` before any model is asked: a model given no file only repeats itself.
 */
export async function openResearchCorpora(options: {
  folders: readonly string[];
  embedModel?: string;
  embedBaseURL?: string;
  env?: Environment;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onIndexed?: (corpus: ResearchCorpus, summary: IndexSummary) => void;
  refuseEmpty?: boolean;
}): Promise<ResearchCorpus[]> {
  const ids = corpusIds(options.folders);
  const opened: ResearchCorpus[] = [];
  const summaries: IndexSummary[] = [];
  try {
    for (const [position, folder] of options.folders.entries()) {
      const { corpus, summary } = await ensureCorpus({
        root: folder,
        embedModel: options.embedModel,
        embedBaseURL: options.embedBaseURL,
        env: options.env,
        fetch: options.fetch,
        signal: options.signal,
      });
      const item = { id: ids[position] ?? `corpus-${position + 1}`, root: corpus.root, corpus };
      opened.push(item);
      summaries.push(summary);
      options.onIndexed?.(item, summary);
    }
    if (options.refuseEmpty && summaries.every((summary) => summary.files === 0)) {
      throw emptyCorpusError(summaries);
    }
  } catch (error) {
    for (const item of opened) item.corpus.close();
    throw error;
  }
  return opened;
}

function emptyCorpusError(summaries: readonly IndexSummary[]): CorpusError {
  const folders = summaries.map((summary) => summary.root).join(', ');
  const skipped = summaries.flatMap((summary) => summary.skippedFiles);
  const reasons = [...new Set(skipped.map((file) => file.reason.replace('_', ' ')))].join(', ');
  const why = skipped.length > 0 ? ` (${skipped.length} skipped: ${reasons})` : '';
  return new CorpusError({
    code: 'empty_corpus',
    path: summaries[0]?.root,
    message: `Nothing to research: the corpus ${folders} has no file that can be indexed${why}. Add text, code, HTML or PDF files to it, or pass --web to search the web as well.`,
  });
}
