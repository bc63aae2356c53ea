import { type CSSProperties, useId, useRef, useState } from 'react';
import { fileCitationLabel, type Reference } from '../../../src/contract/index.js';
import { isLiveHref } from '../../../src/markdown/index.js';
import { hostOf } from '../state/index.js';

const TOOLTIP_WIDTH = 352;
const MARGIN = 8;

/**
 * Where the tooltip goes: under the marker (above it near the bottom of the window), kept inside
 * the window. Fixed positioning lets it escape the answer panel's scroll box instead of being cut.
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

/**
 * A citation marker `[n]`: a link to the cited page whose tooltip (on hover or keyboard focus)
 * shows the quoted sentence, its source and whether the quote was found in the stored page and
 * judged to support the sentences citing it.
 */
export function Citation({ number, reference }: { number: number; reference: Reference | undefined }) {
  const tooltipId = useId();
  const anchor = useRef<HTMLAnchorElement>(null);
  const [style, setStyle] = useState<CSSProperties>();
  if (!reference) return <span className="citation is-missing">[{number}]</span>;
  // References come from pages that were read over http(s); any other address is not linked.
  const live = isLiveHref(reference.url);
  // A file of a local corpus: its lines are shown as code, labelled path:start-end.
  const file = fileCitationLabel(reference);
  const place = () => {
    if (anchor.current) setStyle(placeTooltip(anchor.current));
  };
  return (
    <span className="citation" onPointerEnter={place}>
      <a
        ref={anchor}
        className="citation-link"
        href={live ? reference.url : undefined}
        tabIndex={live ? undefined : 0}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={tooltipId}
        onFocus={place}
      >
        [{number}]
      </a>
      <span role="tooltip" id={tooltipId} className="citation-tooltip" style={style}>
        {file ? (
          <pre className="citation-code" data-testid="citation-code">
            <code>{reference.quote}</code>
          </pre>
        ) : (
          <q>{reference.quote}</q>
        )}
        <span className="citation-source">
          {file
            ? `${file}${reference.corpus ? ` · ${reference.corpus}` : ''}`
            : `${reference.title} · ${hostOf(reference.url)}`}
        </span>
        <span className={reference.verified ? 'is-ok' : 'is-failed'}>
          {reference.verified
            ? `✓ quote found in ${file ? 'these lines of the file as indexed' : 'the page'} and supports the sentence`
            : '⚠ quote not verified to support the sentence'}
        </span>
        {reference.findingId && <span className="citation-source">finding {reference.findingId}</span>}
      </span>
    </span>
  );
}
