/** The most characters of an address an error message shows; the error's `url` field keeps it whole. */
const SHOWN_URL_MAX = 200;

/**
 * An address as an error message shows it: whole when short, else its first characters and how many
 * more there were. A page or a model can hand over an address of tens of thousands of characters,
 * and a message that repeats it whole buries what it says.
 */
export function shownUrl(url: string): string {
  if (url.length <= SHOWN_URL_MAX) return url;
  return `${url.slice(0, SHOWN_URL_MAX)}… (${url.length - SHOWN_URL_MAX} more characters)`;
}
