/**
 * The archive of a run's cited pages (WARC records of each exchange as received) and the states
 * `verify` reports for each reference when it re-checks a quote.
 */

/** Which pages a run archives: those its answer cites (default), every page it read, or none. */
export const ARCHIVE_MODES = ['cited', 'all', 'off'] as const;
export type ArchiveMode = (typeof ARCHIVE_MODES)[number];

/** The page a web reference was read from, as the run saw it. */
export interface ReferenceSnapshot {
  /** sha256 hex of the body after content decoding (gzip, br undone), as the reader extracted it. */
  sha256: string;
  /** ISO-8601 time the page was fetched. */
  fetchedAt: string;
  /** Whether the run's archive holds the exchange (false when the size bound dropped it). */
  archived: boolean;
}

/** Why a page the run meant to archive is not in its archive. */
export type ArchiveDropReason =
  /** The archive would have grown past its bound (`archiveMaxMb`). */
  | 'size_limit'
  /** No exchange was recorded for it: it came from the source cache of an earlier read, or a tool. */
  | 'not_recorded';

/** What a run's archive holds, and what it left out and why. */
export interface ArchiveSummary {
  mode: ArchiveMode;
  /** Pages archived (each one request and one response record per hop, redirects included). */
  pages: number;
  /** Size of the archive (`.warc.gz`) in bytes. */
  bytes: number;
  /** The bound on `bytes`. */
  maxBytes: number;
  /** Pages left out, in citation order. */
  dropped: { url: string; reason: ArchiveDropReason }[];
}

/** Whether a reference's quote is in the archived page. */
export const ARCHIVED_QUOTE_STATES = ['present', 'missing', 'not_archived'] as const;
export type ArchivedQuoteState = (typeof ARCHIVED_QUOTE_STATES)[number];

/**
 * How the page is now: `unchanged` (same body, quote present), `changed_around` (the body changed,
 * the quote is still there), `changed` (the quote is no longer on the page), `gone` (404, 410, or
 * the host no longer exists), `unreachable` (any other failure: timeout, refused by the reader's
 * address rules, unreadable content).
 */
export const LIVE_QUOTE_STATES = ['unchanged', 'changed_around', 'changed', 'gone', 'unreachable'] as const;
export type LiveQuoteState = (typeof LIVE_QUOTE_STATES)[number];

/** One reference re-checked. */
export interface ReferenceCheck {
  /** 1-based position in the run's references (`[n]` in the answer). */
  index: number;
  url: string;
  /** Absent for references that are not web pages (files, computations): nothing to re-check. */
  archived?: ArchivedQuoteState;
  live?: LiveQuoteState;
  /** Why, in a sentence, when a state is not the good one (the error of an unreachable page). */
  detail?: string;
}

/** What `verify` (CLI) and `POST /api/runs/:id/verify` report. */
export interface VerifyReport {
  runId: string;
  /** ISO-8601 time of the check. */
  checkedAt: string;
  /** Whether live pages were fetched too. */
  live: boolean;
  references: ReferenceCheck[];
}
