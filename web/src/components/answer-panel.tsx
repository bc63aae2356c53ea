import type { RunStatus } from '../events.js';
import type { RunViewState } from '../state/index.js';
import { MarkdownView } from './markdown-view.js';

/** The answer or report: final once the run ended, else the latest draft or the report streamed so far. */
export function AnswerPanel({ view, status }: { view: RunViewState; status: RunStatus }) {
  const text = view.answer || view.reportDraft;
  const live = status === 'running' || status === 'queued';
  return (
    <div className="scroll answer" data-testid="answer">
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
          <MarkdownView markdown={text} references={view.references} />
        </>
      ) : (
        <p className="muted">
          {live ? 'The answer appears here when the run has one.' : 'This run has no answer.'}
        </p>
      )}
    </div>
  );
}
