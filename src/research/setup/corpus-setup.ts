import type { ResearchConfig } from '../../config/index.js';
import type { ResearchEventPayload } from '../../contract/index.js';
import { ConfigError } from '../../errors.js';
import type { Capabilities } from '../run/step-context.js';
import { withCorpusReader } from '../sources/corpora.js';
import type { ResearchRuntime } from '../types.js';
import { openResearchCorpora } from './corpora-on-demand.js';

/**
 * Gives the run its corpora: those the runtime offers (kept open by their owner) that
 * `options.corpora` names by id — a folder path is never taken from the options then — else the
 * folders of `options.corpus`, indexed now (only changed files are read again) and closed by the
 * returned function. The reader learns to read `corpus://` addresses. Each index is announced as an
 * observation. Errors (a missing folder, an index of another folder, folders with no file and no web
 * search) are the caller's to report.
 */
export async function attachCorpora(options: {
  config: ResearchConfig;
  runtime: ResearchRuntime;
  capabilities: Capabilities;
  emit: (payload: ResearchEventPayload) => unknown;
}): Promise<() => void> {
  const { config, runtime, capabilities, emit } = options;
  let close = () => {};
  if (runtime.corpora) {
    // Corpora offered by the caller (the server's registered folders) are used only when named.
    const wanted = new Set(config.corpora);
    const unknown = config.corpora.filter((id) => !runtime.corpora?.some((item) => item.id === id));
    if (unknown.length > 0) {
      throw new ConfigError(
        `Unknown corpus ${unknown.map((id) => `"${id}"`).join(', ')}; known: ${runtime.corpora.map((item) => item.id).join(', ') || 'none'}.`,
        { key: 'corpora' },
      );
    }
    capabilities.corpora = runtime.corpora.filter((item) => wanted.has(item.id));
  } else if (config.corpus.length > 0) {
    const opened = await openResearchCorpora({
      folders: config.corpus,
      embedModel: config.embedModel,
      embedBaseURL: config.embedBaseURL,
      env: runtime.env,
      fetch: runtime.fetch,
      signal: runtime.signal,
      // Without the web (see `buildCapabilities`) an empty folder leaves the model nothing to read.
      refuseEmpty: !runtime.searchProviders && !config.web,
      onIndexed: (corpus, summary) => {
        emit({
          type: 'observation',
          text: `Indexed corpus ${corpus.id}: ${summary.files} files (${summary.changed} read again, ${summary.removed} dropped), ${summary.chunks} passages, ${summary.symbols} symbols in ${summary.seconds.toFixed(1)} s.`,
        });
        for (const warning of summary.warnings)
          emit({ type: 'warning', code: 'corpus_index', message: warning });
      },
    });
    capabilities.corpora = opened;
    close = () => {
      for (const item of opened) item.corpus.close();
    };
  }
  if (capabilities.corpora.length > 0) {
    capabilities.reader = withCorpusReader(capabilities.reader, capabilities.corpora);
  }
  return close;
}
