import { corpusIds, ensureCorpus, type IndexSummary } from '../../corpus/index.js';
import type { Environment } from '../../llm/index.js';
import type { ResearchCorpus } from './corpora.js';

/**
 * Opens and indexes (incrementally) each folder; `onIndexed` hears each summary. On a failure the
 * corpora opened so far are closed and the error is rethrown.
 */
export async function openResearchCorpora(options: {
  folders: readonly string[];
  embedModel?: string;
  embedBaseURL?: string;
  env?: Environment;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onIndexed?: (corpus: ResearchCorpus, summary: IndexSummary) => void;
}): Promise<ResearchCorpus[]> {
  const ids = corpusIds(options.folders);
  const opened: ResearchCorpus[] = [];
  try {
    for (const [position, folder] of options.folders.entries()) {
      const { corpus, summary } = await ensureCorpus({
        root: folder,
        ...(options.embedModel ? { embedModel: options.embedModel } : {}),
        ...(options.embedBaseURL ? { embedBaseURL: options.embedBaseURL } : {}),
        ...(options.env ? { env: options.env } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const item = { id: ids[position] ?? `corpus-${position + 1}`, root: corpus.root, corpus };
      opened.push(item);
      options.onIndexed?.(item, summary);
    }
  } catch (error) {
    for (const item of opened) item.corpus.close();
    throw error;
  }
  return opened;
}
