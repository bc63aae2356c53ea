import { parseAbsoluteDate } from './absolute-date.js';
import { normalizeDateText } from './normalize.js';
import { parseRelativeDate } from './relative-date.js';

/** Options of `parseDate`. */
export interface ParseDateOptions {
  /** The moment relative dates ("3 days ago") count back from, and year-less dates fall before (default: now). */
  now?: Date;
  /**
   * Read a date written with slashes day first ("04/05/2022" is 4 May), as every language but
   * American English writes it; `slashedDayFirst(lang)` says so from a page's language. Default:
   * month first ("6/5/2024" is June 5th), as the US writes it. Either way a reading whose month
   * cannot be one gives way to the other.
   */
  dayFirst?: boolean;
}

/**
 * The instant a date's text names, read the same on every machine whatever its time zone: ISO 8601,
 * RFC 2822 and HTTP dates, numeric dates ("2024/06/05", "05.06.2024", "6/5/2024"), month names in
 * the languages of `date-words.ts` ("Jun 5, 2024", "5. Juni 2024", "5 de junio de 2024",
 * "2024年6月5日"), and relative dates ("2 hrs ago", "yesterday", "vor 3 Tagen", "3日前") from
 * `options.now`. A date without a time of day is its midnight in UTC, and a time without a zone is
 * UTC. `undefined` when the text is not a date.
 */
export function parseDate(text: string | null | undefined, options: ParseDateOptions = {}): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const value = normalizeDateText(text);
  if (value === '' || value.length > 200) return undefined;
  const now = options.now ?? new Date();
  const date = parseRelativeDate(value, now) ?? parseAbsoluteDate(value, now, options.dayFirst);
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date;
}

/** `parseDate` as an ISO 8601 timestamp (`2024-06-05T00:00:00.000Z`), or `undefined`. */
export function toIsoDate(
  text: string | null | undefined,
  options: ParseDateOptions = {},
): string | undefined {
  return parseDate(text, options)?.toISOString();
}

/** Regions whose English writes a date with slashes month first (Canada writes both; its US order is the safer guess). */
const MONTH_FIRST_ENGLISH = new Set(['us', 'ph', 'ca']);

/**
 * Whether a page in language `lang` (a BCP 47 tag: `pt-BR`, `en-GB`, `de`) writes "04/05/2022" for 4
 * May. English of the US, the Philippines and Canada, English without a region (most pages tagged
 * plain `en` are American), any language of the US (`es-US`) and a page whose language is not known
 * stay month first; every other language and region writes the day first.
 */
export function slashedDayFirst(lang: string | undefined): boolean {
  if (!lang) return false;
  const [language = '', ...subtags] = lang.toLowerCase().split(/[-_]/);
  const region = subtags.find((subtag) => /^[a-z]{2}$/.test(subtag));
  if (region === 'us') return false;
  if (language !== 'en') return true;
  return region !== undefined && !MONTH_FIRST_ENGLISH.has(region);
}
