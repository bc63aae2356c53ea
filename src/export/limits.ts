/** Longest page title a document shows, in characters: a hostile page cannot fill it. */
export const MAX_TITLE_CHARS = 300;
/** Longest quote a document shows, in characters. */
export const MAX_QUOTE_CHARS = 2_000;

/**
 * Columns a PDF or DOCX table shows side by side: more do not fit an A4 page readably (40 columns
 * leave each a few millimetres, one character a line). A wider table is shown in groups of
 * columns, each led by the table's first column.
 */
export const MAX_TABLE_COLUMNS = 6;

/**
 * Cells of the answer's table bodies (headers aside) a PDF or DOCX lays out in all, as written: past them a table
 * keeps its first rows and says how many more the HTML and markdown exports show. Layout costs
 * about a millisecond a cell, and a writer asked for "a table of…" can produce thousands.
 */
export const MAX_TABLE_CELLS = 6_000;

/** A PDF, DOCX or HTML render still running after this many ms is stopped (`export_timeout`). */
export const EXPORT_TIMEOUT_MS = 60_000;

/**
 * Renders one client (one token) may have under way or waiting at once; past them an export is
 * refused (`export_busy`) with how long to wait. A finished export in the cache costs no render.
 */
export const MAX_RENDERS_PER_CLIENT = 2;

/** Renders under way or waiting over the whole server; past them an export is refused likewise. */
export const MAX_RENDERS = 8;

/** Bytes of finished exports kept to send again, least recently sent dropped first. */
export const EXPORT_CACHE_BYTES = 64 * 1024 * 1024;
