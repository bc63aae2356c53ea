/** Dates of search results and pages, read the same in every time zone. */
export { escapeRegExp, normalizeDateText } from './normalize.js';
export { parseDate, slashedDayFirst, toIsoDate } from './parse-date.js';
