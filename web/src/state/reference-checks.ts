import type {
  ArchivedQuoteState,
  LiveQuoteState,
  Reference,
  VerifyReport,
} from '../../../src/contract/index.js';

/** How a state reads and whether it is good news: `ok`, `warn` (look at it) or `bad`. */
export interface StateLabel {
  text: string;
  tone: 'ok' | 'warn' | 'bad';
}

/** One reference's row of the archive panel: what the run kept and what the last check said. */
export interface ReferenceCheckRow {
  /** `[n]` of the answer. */
  index: number;
  url: string;
  title: string;
  /** First 12 hex digits of the body's SHA-256 the run read, when it kept one. */
  hash?: string;
  /** Whether the run's archive holds the page (a web page only). */
  archived?: boolean;
  /** The last check's states; absent before any check or for a file or computation. */
  inArchive?: StateLabel;
  live?: StateLabel;
  detail?: string;
}

/** Words of each state, data apart from the logic that picks them. */
const ARCHIVED_LABELS: Record<ArchivedQuoteState, StateLabel> = {
  present: { text: 'quote in the archived page', tone: 'ok' },
  missing: { text: 'quote not in the archived page', tone: 'bad' },
  not_archived: { text: 'page not archived', tone: 'warn' },
};
const LIVE_LABELS: Record<LiveQuoteState, StateLabel> = {
  unchanged: { text: 'live page unchanged', tone: 'ok' },
  changed_around: { text: 'live page changed around the quote', tone: 'warn' },
  changed: { text: 'quote no longer on the live page', tone: 'bad' },
  gone: { text: 'live page gone', tone: 'bad' },
  unreachable: { text: 'live page unreachable', tone: 'warn' },
};

const isWeb = (url: string) => url.startsWith('http://') || url.startsWith('https://');

/** The rows of the run's web references, each with the states of the last check (`report`). Pure. */
export function referenceCheckRows(
  references: readonly Reference[],
  report: VerifyReport | undefined,
): ReferenceCheckRow[] {
  const checks = new Map(report?.references.map((check) => [check.index, check]));
  return references.flatMap((reference, position) => {
    if (!isWeb(reference.url)) return [];
    const index = position + 1;
    const check = checks.get(index);
    const row: ReferenceCheckRow = { index, url: reference.url, title: reference.title || reference.url };
    if (reference.snapshot) {
      row.hash = reference.snapshot.sha256.slice(0, 12);
      row.archived = reference.snapshot.archived;
    }
    if (check?.archived) row.inArchive = ARCHIVED_LABELS[check.archived];
    if (check?.live) row.live = LIVE_LABELS[check.live];
    if (check?.detail) row.detail = check.detail;
    return [row];
  });
}
