import { type RefObject, useEffect, useRef } from 'react';
import { isLive, type RunStatus } from '../../../src/contract/index.js';
import {
  type ClaimCheck,
  type ConflictNote,
  claimCheckOf,
  conflictNotes,
  locateSentences,
  type RunViewState,
} from '../state/index.js';
import { MarkdownView } from './markdown-view.js';

/** Names of the CSS highlights that mark unsupported sentences and sentences on which sources differ (styled with `::highlight(...)`). */
const UNSUPPORTED_HIGHLIGHT = 'unsupported-claim';
const CONFLICT_HIGHLIGHT = 'conflicting-claim';

/**
 * Marks the given sentences in the rendered answer with the CSS Custom Highlight API, which styles
 * text ranges without changing the markup. Browsers without it still get the list below the answer.
 */
function useSentenceMarks(
  container: RefObject<HTMLDivElement | null>,
  text: string,
  sentences: string,
  highlight: string,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marks must be found again whenever the rendered text changes
  useEffect(() => {
    const root = container.current;
    if (!root || typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined')
      return;
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const ranges = locateSentences(
      nodes.map((node) => node.data),
      sentences ? sentences.split('\n') : [],
    ).flatMap((span) => {
      const start = nodes[span.start.node];
      const end = nodes[span.end.node];
      if (!start || !end) return [];
      const range = new Range();
      range.setStart(start, span.start.offset);
      range.setEnd(end, span.end.offset);
      return [range];
    });
    CSS.highlights.set(highlight, new Highlight(...ranges));
    return () => {
      CSS.highlights.delete(highlight);
    };
  }, [container, text, sentences, highlight]);
}

/** The support rate of the answer, its unsupported sentences with the reason for each, and what nobody checked. */
function ClaimsSummaryView({ check }: { check: ClaimCheck }) {
  const { support, unsupported, unchecked } = check;
  if (!support && !unchecked) return null;
  return (
    <div className="claims" data-testid="claims">
      {support && (
        <p className={unsupported.length === 0 ? 'is-ok' : 'muted'}>
          {unsupported.length === 0 ? '✓ ' : ''}
          {support}
        </p>
      )}
      {unchecked && (
        <p className="muted" data-testid="claims-unchecked">
          {unchecked}
        </p>
      )}
      {unsupported.length > 0 && (
        <details>
          <summary>
            {unsupported.length} {unsupported.length === 1 ? 'sentence is' : 'sentences are'} not supported
            (marked in the answer)
          </summary>
          <ul>
            {unsupported.map((claim) => (
              <li key={claim.text}>
                <span className="unsupported-claim">{claim.text}</span>{' '}
                <span className="muted">— {claim.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Where the sources differ: each conflict's values with their citations, and the sentences it concerns. */
function ConflictsView({ notes }: { notes: readonly ConflictNote[] }) {
  if (notes.length === 0) return null;
  return (
    <div className="conflicts" data-testid="conflicts">
      <p>Sources differ:</p>
      <ul>
        {notes.map((note) => (
          <li key={note.text}>
            {note.text}
            {note.claims.map((claim) => (
              <span key={claim}>
                {' '}
                — <q className="conflicting-claim">{claim}</q>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The answer or report: final once the run ended, else the latest draft or the report streamed so far. */
export function AnswerPanel({ view, status }: { view: RunViewState; status: RunStatus }) {
  const text = view.answer || view.reportDraft;
  const live = isLive(status);
  const answer = useRef<HTMLDivElement>(null);
  const check = claimCheckOf(view.claimVerdicts, view.claims, status);
  const unsupported = check.unsupported.map((claim) => claim.text.replace(/\n/g, ' '));
  useSentenceMarks(answer, text, unsupported.join('\n'), UNSUPPORTED_HIGHLIGHT);
  const conflicts = conflictNotes(view.conflicts, view.references, view.claimVerdicts);
  const concerned = conflicts.flatMap((note) => note.claims.map((claim) => claim.replace(/\n/g, ' ')));
  useSentenceMarks(answer, text, concerned.join('\n'), CONFLICT_HIGHLIGHT);
  return (
    <div className="answer" data-testid="answer">
      {view.error && (
        <p className="alert" role="alert">
          {view.error.code}: {view.error.message}
        </p>
      )}
      {text ? (
        <>
          {!view.answerIsFinal && (
            <p className="muted">
              {live ? 'Draft — the run is still working.' : 'Partial — the run ended before a final answer.'}
            </p>
          )}
          <div ref={answer}>
            <MarkdownView markdown={text} references={view.references} />
          </div>
          <ConflictsView notes={conflicts} />
          <ClaimsSummaryView check={check} />
        </>
      ) : (
        <p className="muted">
          {live ? 'The answer appears here when the run has one.' : 'This run has no answer.'}
        </p>
      )}
    </div>
  );
}
