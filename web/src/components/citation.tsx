import { useId } from 'react';
import type { Reference } from '../events.js';
import { hostOf } from '../state/index.js';

/**
 * A citation marker `[n]`: a link to the cited page whose tooltip (on hover or keyboard focus)
 * shows the quoted sentence, its source and whether the quote was verified in the stored page.
 */
export function Citation({ number, reference }: { number: number; reference: Reference | undefined }) {
  const tooltipId = useId();
  if (!reference) return <span className="citation is-missing">[{number}]</span>;
  return (
    <span className="citation">
      <a
        className="citation-link"
        href={reference.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={tooltipId}
      >
        [{number}]
      </a>
      <span role="tooltip" id={tooltipId} className="citation-tooltip">
        <q>{reference.quote}</q>
        <span className="citation-source">
          {reference.title} · {hostOf(reference.url)}
        </span>
        <span className={reference.verified ? 'is-ok' : 'is-failed'}>
          {reference.verified ? '✓ quote found in the page' : '⚠ quote not verified'}
        </span>
      </span>
    </span>
  );
}
