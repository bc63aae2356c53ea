import type {
  Finding,
  Reference,
  ResearchEvent,
  ResearchEventOf,
  SourceCredibility,
} from '../../../src/contract/index.js';
import { hostOf, type Link, linksIn } from './links.js';

/** One page the run came across, with what happened to it. */
export interface SourceEntry {
  url: string;
  title: string;
  host: string;
  /** Returned by a search. */
  found: boolean;
  /** `pending` while a read is in flight; `stopped` when the run ended before it finished. */
  read: 'no' | 'pending' | 'ok' | 'failed' | 'stopped';
  /** Cited by the latest answer (draft or final). */
  cited: boolean;
  /** The latest answer's references to this page. */
  quotes: Reference[];
  /** Findings extracted from this page, in the order found. */
  findings: Finding[];
  /** Step in which the run first saw the page. */
  firstStep: number;
  /** Its place (from 1) among the pages the run read, as the server's source list numbers them. */
  sourceNumber?: number;
  /** A screenshot of the page (taken with `--browser`) is stored with the run. */
  screenshot?: boolean;
}

export interface SourcesState {
  /** In the order first seen. */
  entries: SourceEntry[];
  /** Read calls in flight: call id → URLs. */
  pendingReads: Record<string, string[]>;
}

export const initialSourcesState: SourcesState = { entries: [], pendingReads: {} };

function upsert(
  entries: SourceEntry[],
  link: Link,
  step: number,
  change: Partial<SourceEntry>,
): SourceEntry[] {
  const position = entries.findIndex((entry) => entry.url === link.url);
  if (position === -1) {
    const fresh: SourceEntry = {
      url: link.url,
      title: link.title ?? link.url,
      host: hostOf(link.url),
      found: false,
      read: 'no',
      cited: false,
      quotes: [],
      findings: [],
      firstStep: step,
      ...change,
    };
    return [...entries, fresh];
  }
  const existing = entries[position]!;
  const title = existing.title === existing.url && link.title ? link.title : existing.title;
  const next = [...entries];
  next[position] = { ...existing, title, ...change };
  return next;
}

function cite(state: SourcesState, references: Reference[], step: number): SourcesState {
  let entries = state.entries.map((entry) => ({ ...entry, cited: false, quotes: [] as Reference[] }));
  for (const reference of references) {
    const existing = entries.find((entry) => entry.url === reference.url);
    const quotes = [...(existing?.quotes ?? []), reference];
    entries = upsert(entries, { url: reference.url, title: reference.title }, step, { cited: true, quotes });
  }
  return { ...state, entries };
}

/**
 * Numbers the pages a read's `tool-result` names as the run's sources, in order, each once: the
 * numbers the server's `GET /api/runs/:id/sources` list (and its screenshot route) use.
 */
function numberSources(entries: SourceEntry[], event: ResearchEventOf<'tool-result'>): SourceEntry[] {
  let next = entries.reduce((most, entry) => Math.max(most, entry.sourceNumber ?? 0), 0) + 1;
  let numbered = entries;
  for (const source of event.sources ?? []) {
    const existing = numbered.find((entry) => entry.url === source.url);
    const change: Partial<SourceEntry> = {
      ...(existing ? {} : { read: 'ok' as const }),
      ...(existing?.sourceNumber === undefined ? { sourceNumber: next++ } : {}),
      ...(source.screenshot ? { screenshot: true } : {}),
    };
    numbered = upsert(numbered, { url: source.url, title: source.title }, event.step, change);
  }
  return numbered;
}

/** Folds one event into the sources panel: what was found, read and cited. Pure. */
export function sourcesReducer(state: SourcesState, event: ResearchEvent): SourcesState {
  switch (event.type) {
    case 'tool-call': {
      if (event.tool === 'search') return state;
      const links = linksIn(event.input);
      let entries = state.entries;
      for (const link of links) {
        const current = entries.find((entry) => entry.url === link.url);
        entries = upsert(entries, link, event.step, { read: current?.read === 'ok' ? 'ok' : 'pending' });
      }
      const pendingReads = { ...state.pendingReads, [event.callId]: links.map((link) => link.url) };
      return { entries, pendingReads };
    }
    case 'tool-result': {
      let entries = state.entries;
      if (event.tool === 'search') {
        for (const link of linksIn(event.output))
          entries = upsert(entries, link, event.step, { found: true });
        return { ...state, entries };
      }
      entries = numberSources(entries, event);
      const outputLinks = event.ok ? linksIn(event.output) : [];
      for (const link of outputLinks) {
        entries = upsert(entries, link, event.step, { read: link.ok === false ? 'failed' : 'ok' });
      }
      // Pages the call asked for but the output does not mention succeeded or failed with the call.
      const reported = new Set(outputLinks.map((link) => link.url));
      for (const url of state.pendingReads[event.callId] ?? []) {
        if (!reported.has(url))
          entries = upsert(entries, { url }, event.step, { read: event.ok ? 'ok' : 'failed' });
      }
      const { [event.callId]: _finished, ...pendingReads } = state.pendingReads;
      return { entries, pendingReads };
    }
    case 'finding': {
      const { finding } = event;
      const existing = state.entries.find((entry) => entry.url === finding.source.url);
      if (existing?.findings.some((known) => known.id === finding.id)) return state;
      const entries = upsert(
        state.entries,
        { url: finding.source.url, title: finding.source.title },
        event.step,
        {
          findings: [...(existing?.findings ?? []), finding],
          ...(existing && existing.read !== 'no' ? {} : { read: 'ok' as const }),
        },
      );
      return { ...state, entries };
    }
    case 'answer-draft':
      return cite(state, event.references, event.step);
    case 'run-end': {
      const entries = state.entries.map((entry) =>
        entry.read === 'pending' ? { ...entry, read: 'stopped' as const } : entry,
      );
      const ended = { entries, pendingReads: {} };
      // A run that ends without an answer keeps the citations of its last draft.
      return event.references.length === 0 ? ended : cite(ended, event.references, event.step);
    }
    default:
      return state;
  }
}

/**
 * The panel's three lists, each page in one only, by the furthest it got: cited, else read (or
 * being read, or failed to read), else found.
 */
export function groupSources(state: SourcesState): {
  found: SourceEntry[];
  read: SourceEntry[];
  cited: SourceEntry[];
} {
  return {
    found: state.entries.filter((entry) => entry.found && entry.read === 'no' && !entry.cited),
    read: state.entries.filter((entry) => entry.read !== 'no' && !entry.cited),
    cited: state.entries.filter((entry) => entry.cited),
  };
}

/** How credible a cited page is, as the engine scored it (the first reference to it that says). */
export function entryCredibility(entry: SourceEntry): SourceCredibility | undefined {
  return entry.quotes.find((reference) => reference.credibility)?.credibility;
}

/** `high` from 0.7, `low` below 0.4, else `medium`: how the credibility tag is coloured. */
export function credibilityLevel(credibility: SourceCredibility): 'high' | 'medium' | 'low' {
  return credibility.score >= 0.7 ? 'high' : credibility.score < 0.4 ? 'low' : 'medium';
}
