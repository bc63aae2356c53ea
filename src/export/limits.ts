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
