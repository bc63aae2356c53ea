import { type CSSProperties, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { computationCitationLabel, fileCitationLabel, type Reference } from '../../../src/contract/index.js';
import { isLiveHref } from '../../../src/markdown/index.js';
import { hostOf } from '../state/index.js';

const TOOLTIP_WIDTH = 352;
const MARGIN = 8;

/**
 * Where the tooltip goes: under the marker (above it near the bottom of the window), kept inside
 * the window. Fixed positioning keeps it whole near the edges of the panel.
 */
function placeTooltip(anchor: HTMLElement): CSSProperties {
  const rect = anchor.getBoundingClientRect();
  const width = Math.min(TOOLTIP_WIDTH, window.innerWidth - 2 * MARGIN);
  const left = Math.min(
    Math.max(MARGIN, rect.left + rect.width / 2 - width / 2),
    window.innerWidth - width - MARGIN,
  );
  const below = rect.bottom + 180 < window.innerHeight;
  return below
    ? { position: 'fixed', left, width, top: rect.bottom + 6 }
    : { position: 'fixed', left, width, bottom: window.innerHeight - rect.top + 6 };
}

/** Lines of a code quote the tooltip shows; the whole quote is in Sources. */
const TOOLTIP_LINES = 12;
/** How long the tooltip stays after the pointer leaves, so it can cross to the tooltip itself. */
const HIDE_DELAY_MS = 200;

/**
 * Whether the tooltip shows: while the marker or the tooltip is hovered or the marker focused, until
 * Escape dismisses it (WCAG 1.4.13: dismissible, hoverable, persistent).
 */
function useTooltip(anchor: RefObject<HTMLElement | null>) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [style, setStyle] = useState<CSSProperties>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const open = (hovered || focused) && !dismissed;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A new hover or focus shows the tooltip again after Escape dismissed it.
  const show = () => {
    setDismissed(false);
    if (anchor.current) setStyle(placeTooltip(anchor.current));
  };
  return {
    open,
    style,
    onPointerEnter: () => {
      clearTimeout(timer.current);
      show();
      setHovered(true);
    },
    onPointerLeave: () => {
      timer.current = setTimeout(() => setHovered(false), HIDE_DELAY_MS);
    },
    onFocus: () => {
      show();
      setFocused(true);
    },
    onBlur: () => setFocused(false),
  };
}

/** A code quote cut to its first lines, saying how many more Sources shows. */
function CodeQuote({ quote }: { quote: string }) {
  const lines = quote.split('\n');
  const more = lines.length - TOOLTIP_LINES;
  return (
    <>
      <pre className="citation-code" data-testid="citation-code">
        <code>{more > 0 ? lines.slice(0, TOOLTIP_LINES).join('\n') : quote}</code>
      </pre>
      {more > 0 && <span className="citation-source">{more} more lines in Sources</span>}
    </>
  );
}

/**
 * A citation marker `[n]`: a link to the cited page whose tooltip (on hover or keyboard focus,
 * closed by Escape) shows the quoted sentence, its source and whether the quote was found in the
 * stored page and judged to support the sentences citing it.
 */
export function Citation({ number, reference }: { number: number; reference: Reference | undefined }) {
  const tooltipId = useId();
  const anchor = useRef<HTMLAnchorElement>(null);
  const tooltip = useTooltip(anchor);
  if (!reference) return <span className="citation is-missing">[{number}]</span>;
  // References come from pages that were read over http(s); any other address is not linked.
  const live = isLiveHref(reference.url);
  // A file of a local corpus: its lines are shown as code, labelled path:start-end.
  const file = fileCitationLabel(reference);
  // A computation: its program as code, labelled with the findings it was computed from.
  const computed = computationCitationLabel(reference);
  return (
    <span
      className="citation"
      onPointerEnter={tooltip.onPointerEnter}
      onPointerLeave={tooltip.onPointerLeave}
    >
      <a
        ref={anchor}
        className="citation-link"
        href={live ? reference.url : undefined}
        tabIndex={live ? undefined : 0}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={tooltipId}
        onFocus={tooltip.onFocus}
        onBlur={tooltip.onBlur}
      >
        [{number}]
      </a>
      <span
        role="tooltip"
        id={tooltipId}
        className={tooltip.open ? 'citation-tooltip is-open' : 'citation-tooltip'}
        style={tooltip.style}
      >
        {file || computed ? <CodeQuote quote={reference.quote} /> : <q>{reference.quote}</q>}
        <span className="citation-source">
          {file
            ? `${file}${reference.corpus ? ` · ${reference.corpus}` : ''}`
            : computed
              ? `${reference.title} · ${computed}`
              : `${reference.title} · ${hostOf(reference.url)}`}
        </span>
        <span className={reference.verified ? 'is-ok' : 'is-failed'}>
          {reference.verified
            ? computed
              ? '✓ run again with the same output, from verified findings, and supports the sentence'
              : `✓ quote found in ${file ? 'these lines of the file as indexed' : 'the page'} and supports the sentence`
            : '⚠ quote not verified to support the sentence'}
        </span>
        {reference.findingId && <span className="citation-source">finding {reference.findingId}</span>}
      </span>
    </span>
  );
}
