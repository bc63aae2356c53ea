import { buildArchive, createExchangeRecorder, type RunArchive } from '../../archive/index.js';
import type { ResearchConfig } from '../../config/index.js';
import type { ArchiveSummary, Reference } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import type { ExchangeHook } from '../../reader/index.js';
import { packageVersion } from '../../shared/index.js';

/**
 * How many archive bounds of bodies a run holds while it reads: it cannot know which pages it will
 * cite until it answers, so it keeps more than it may archive, but not every body it ever read.
 */
const HELD_BOUNDS = 4;

/** The archive of one run: the reader's exchange hook, and what the run does with them at its end. */
export interface RunArchiver {
  /** Undefined with `archive: off`: the reader then records nothing. */
  onExchange: ExchangeHook | undefined;
  /**
   * Writes the cited pages (every page read with `archive: all`) into the run's archive, hands it
   * to `onArchive`, and gives each web reference its snapshot (body hash, fetch time, archived).
   * A cited page the run did not fetch itself (served by the source cache of an earlier read) is
   * fetched again with `refetch`, and a warning says so: its archived copy is the page as it is now.
   */
  finish(
    references: Reference[],
    refetch?: (url: string) => Promise<unknown>,
  ): Promise<{ references: Reference[]; summary?: ArchiveSummary }>;
}

const isWebUrl = (url: string) => url.startsWith('http://') || url.startsWith('https://');

export function createRunArchiver(options: {
  runId: string;
  /**
   * `archive: off` for a run given its own reader: only the engine's reader records the exchanges
   * an archive holds, so a caller's reader leaves nothing to archive (and no page to fetch again).
   */
  config: Pick<ResearchConfig, 'archive' | 'archiveMaxMb'>;
  /** Where the archive goes (the CLI's file, the store); without it the archive is made and let go. */
  onArchive: ((archive: RunArchive) => void | Promise<void>) | undefined;
  onWarning: (code: string, message: string) => void;
  /** Who can raise the bound: the user (a flag) or, for a server's run, its operator. */
  fixedBy?: 'user' | 'operator';
}): RunArchiver {
  const { archive: mode, archiveMaxMb } = options.config;
  if (mode === 'off') return { onExchange: undefined, finish: async (references) => ({ references }) };
  const maxBytes = Math.round(archiveMaxMb * 1024 * 1024);
  const recorder = createExchangeRecorder({ maxHeldBytes: maxBytes * HELD_BOUNDS });
  return {
    onExchange: (exchange) => recorder.record(exchange),
    async finish(references, refetch) {
      const cited = [...new Set(references.map((reference) => reference.url).filter(isWebUrl))];
      for (const url of cited) {
        if (!refetch || recorder.chainFor(url).length > 0) continue;
        // Its read came from the cache: the exchange is made now, and the archive says when.
        try {
          await refetch(url);
          options.onWarning(
            'archive_refetched',
            `${url} was read from the source cache, so it was fetched again for the archive; the archived copy is the page as it is now.`,
          );
        } catch (error) {
          options.onWarning(
            describeError(error).code,
            `${url} could not be fetched again for the archive: ${describeError(error).message}`,
          );
        }
      }
      const rest = mode === 'all' ? recorder.pageUrls().filter((url) => !cited.includes(url)) : [];
      const pages = [...cited, ...rest].map((url) => ({ url, chain: recorder.chainFor(url) }));
      if (pages.length === 0)
        return { references, summary: { mode, pages: 0, bytes: 0, maxBytes, dropped: [] } };
      let archive: RunArchive;
      try {
        archive = await buildArchive({
          runId: options.runId,
          software: `deepresearch ${packageVersion()}`,
          mode,
          maxBytes,
          pages,
        });
        await options.onArchive?.(archive);
      } catch (error) {
        const described = describeError(error);
        options.onWarning(described.code, `The run's archive was not kept: ${described.message}`);
        return { references };
      }
      for (const dropped of archive.summary.dropped) {
        options.onWarning(
          `archive_${dropped.reason}`,
          dropped.reason === 'size_limit'
            ? `${dropped.url} was left out of the archive: it would pass the ${archiveMaxMb} MB bound (${options.fixedBy === 'operator' ? "the server's archiveMaxMb" : '--archive-max-mb'}).`
            : `${dropped.url} was not archived: it was not fetched by this run (read from the source cache or by a tool).`,
        );
      }
      const snapshotOf = (url: string) => {
        const last = recorder.chainFor(url).at(-1);
        return last
          ? { sha256: last.bodySha256, fetchedAt: last.fetchedAt, archived: archive.archived.has(url) }
          : undefined;
      };
      return {
        references: references.map((reference) => {
          const snapshot = isWebUrl(reference.url) ? snapshotOf(reference.url) : undefined;
          return snapshot ? { ...reference, snapshot } : reference;
        }),
        summary: archive.summary,
      };
    },
  };
}
