import { fileURLToPath } from 'node:url';
import { describeError } from '../errors.js';
import {
  createBrowserRenderer,
  createReader,
  findBrowser,
  type Reader,
  readLocalFile,
  type Source,
} from '../reader/index.js';
import { visibleText } from './visible-text.js';

/** How `deepresearch read` prints each input. */
export type ReadFormat = 'markdown' | 'text' | 'json';

export interface ReadCommandOptions {
  /** URLs (http/https) and file paths, as given on the command line. */
  inputs: string[];
  format: ReadFormat;
  /** Hosts that may be read even though they are private (`--allow-host`). */
  allowHosts: string[];
  /** `--browser`: `auto` or a Chromium/Chrome path; app-shell pages are rendered in it. */
  browser?: string;
  /** Inputs read at once (capped at 8). Default 8. */
  concurrency?: number;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Reader for URLs; tests may inject one. Default: `createReader({ allowHosts })`. */
  reader?: Reader;
  /** Directory file paths are relative to. Default `process.cwd()`. */
  cwd?: string;
}

/** Most inputs read at once, whatever `--concurrency` says. */
const MAX_READ_CONCURRENCY = 8;

type Outcome =
  | { input: string; source: Source }
  | { input: string; error: { code: string; message: string } };

/** What an empty or blank argument is told: it names neither a file nor a page. */
const EMPTY_INPUT = {
  code: 'empty_input',
  message:
    'an empty argument names no file or page; give a file path or an http(s):// URL (is a shell variable empty?)',
};

/** An input as an error line shows it: a blank one quoted, so the line says what was given. */
function shownInput(input: string): string {
  return input.trim() === '' ? JSON.stringify(input) : input;
}

function isUrl(input: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(input) && !/^file:/i.test(input);
}

function render(outcome: Extract<Outcome, { source: Source }>, format: ReadFormat): string {
  const { source, input } = outcome;
  if (format === 'json') {
    return `${JSON.stringify({
      source: input,
      url: source.finalUrl,
      title: source.title,
      byline: source.byline ?? null,
      publishedAt: source.publishedAt ?? null,
      lang: source.lang ?? null,
      text: source.text,
      markdown: source.markdown,
      images: source.images ?? [],
    })}\n`;
  }
  const details = [
    source.byline && bylineText(source.byline),
    source.publishedAt && `Published ${publishedText(source.publishedAt)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const header =
    format === 'markdown'
      ? [`# ${source.title || source.finalUrl}`, '', `Source: <${source.finalUrl}>`]
      : [source.title || source.finalUrl, `Source: ${source.finalUrl}`];
  if (details) header.push(details);
  const body = withoutTitleLine(format === 'markdown' ? source.markdown : source.text, source.title);
  return `${header.join('\n')}\n\n${body.trim()}\n`;
}

/** A byline that says who by itself ("Sponsored by StackCommerce", as a site states it) is shown as it is. */
const SAYS_BY = /^(?:\p{L}+\s+)?by\b/iu;

function bylineText(byline: string): string {
  return SAYS_BY.test(byline) ? byline : `By ${byline}`;
}

/** The content without its first line when that line is the title the header already shows. */
function withoutTitleLine(content: string, title: string): string {
  const trimmed = content.trimStart();
  const end = trimmed.indexOf('\n');
  const firstLine = end === -1 ? trimmed : trimmed.slice(0, end);
  const words = (text: string) => text.replace(/[#*_]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  const rest = trimmed.slice(firstLine.length);
  // A content that is only its title line keeps it: the body is never left empty.
  return title !== '' && words(firstLine) === words(title) && rest.trim() !== '' ? rest : content;
}

/** What stderr is told about a page with no text, with the fix when `--browser` could help. */
function textWarning(outcome: Extract<Outcome, { source: Source }>, browser: boolean): string | undefined {
  if (outcome.source.text.trim() !== '') return undefined;
  // The browser renders fetched pages only, so a local file is never told to use it.
  const fix =
    !browser && isUrl(outcome.input) ? '; pass --browser to read it as Chromium or Chrome renders it' : '';
  return `no readable text was found in it (scripts may render it, or it holds only images)${fix}.`;
}

/**
 * `deepresearch read <url|file>...`: reads every input (concurrently, at most 8 at once; pages are
 * extracted in the reader's pool of worker threads) and prints them in input order, each as soon as
 * it and those before it are ready — a title/source header and the content (markdown or text), or one JSON object
 * per line. A failing input is reported (JSON: `{ source, error }`; otherwise a line on stderr) without
 * stopping the others. Resolves with the exit code: 1 if any input failed, else 0. A `browser` that
 * names no executable (or `auto` finding none) throws `ReaderError` `browser_unavailable` before
 * anything is read.
 */
export async function runReadCommand(options: ReadCommandOptions): Promise<number> {
  const rules = { allowHosts: options.allowHosts };
  // Checked now, so a mistyped path is one error at start rather than a warning for every page.
  const executable = options.browser ? findBrowser(options.browser) : undefined;
  const reader =
    options.reader ??
    createReader({
      ...rules,
      ...(executable ? { browser: createBrowserRenderer({ executable, rules }) } : {}),
      onWarning: (code, message) => options.stderr.write(`warning (${code}): ${visibleText(message)}\n`),
    });
  const concurrency = Math.min(
    MAX_READ_CONCURRENCY,
    Math.max(1, options.concurrency ?? MAX_READ_CONCURRENCY),
  );
  const readOne = async (input: string): Promise<Outcome> => {
    // An empty argument (often a shell variable that was not set) would be read as the current folder.
    if (input.trim() === '') return { input, error: EMPTY_INPUT };
    try {
      const source = isUrl(input)
        ? await reader.read(input)
        : await readLocalFile(/^file:/i.test(input) ? fileURLToPath(input) : input, { cwd: options.cwd });
      return { input, source };
    } catch (error) {
      return { input, error: describeError(error) };
    }
  };
  // Output is printed strictly in input order, each result as soon as it and those before it are
  // ready; at most `concurrency` reads are under way or waiting to be printed, so memory stays flat
  // however many inputs there are.
  const window: Promise<Outcome>[] = [];
  let next = 0;
  const startNext = () => {
    const input = options.inputs[next++];
    if (input !== undefined) window.push(readOne(input));
  };
  for (let started = 0; started < concurrency; started++) startNext();
  let failures = 0;
  let printed = 0;
  for (let pending = window.shift(); pending; pending = window.shift()) {
    const outcome = await pending;
    startNext();
    if ('error' in outcome) {
      failures += 1;
      if (options.format === 'json') {
        options.stdout.write(`${JSON.stringify({ source: outcome.input, error: outcome.error })}\n`);
      } else {
        options.stderr.write(
          `deepresearch read: ${shownInput(outcome.input)}: ${outcome.error.message} [${outcome.error.code}]\n`,
        );
      }
      continue;
    }
    const warning = textWarning(outcome, executable !== undefined);
    if (warning) options.stderr.write(`deepresearch read: warning: ${outcome.input}: ${warning}\n`);
    if (options.format !== 'json' && printed > 0) options.stdout.write('\n---\n\n');
    options.stdout.write(render(outcome, options.format));
    printed += 1;
  }
  return failures > 0 ? 1 : 0;
}

/**
 * A publication time as `read` prints it: the day alone when the time is midnight UTC, as a date the
 * page gives without a time of day is read (`2024-03-03`, not `2024-03-03T00:00:00.000Z`).
 */
function publishedText(iso: string): string {
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}
