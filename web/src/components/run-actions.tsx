import { useState } from 'react';
import { isLive, type ReportFormat, type RunStatus } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';

/** The report downloads, one button each. */
const EXPORTS: readonly { format: ReportFormat; label: string; extension: string }[] = [
  { format: 'markdown', label: 'markdown', extension: '.md' },
  { format: 'html', label: 'HTML', extension: '.html' },
  { format: 'pdf', label: 'PDF', extension: '.pdf' },
  { format: 'docx', label: 'DOCX', extension: '.docx' },
];

/** Stop, resume (an interrupted run), export (markdown, HTML, PDF, DOCX) and copy-link buttons of a run. */
export function RunActions(props: {
  api: ApiClient;
  runId: string;
  status: RunStatus;
  hasResult: boolean;
  onStop: () => Promise<void>;
  onResume: () => Promise<void>;
}) {
  const [message, setMessage] = useState('');
  const live = isLive(props.status);
  const copyLink = async () => {
    const link = `${window.location.origin}/runs/${encodeURIComponent(props.runId)}`;
    try {
      await navigator.clipboard.writeText(link);
      setMessage('Link copied.');
    } catch {
      // Clipboard access needs a secure context or permission; show the link to copy by hand instead.
      setMessage(link);
    }
  };
  // What a stop said is about the live run: once it has ended, the status line says how.
  const [stopMessage, setStopMessage] = useState('');
  /** Runs a server action, saying that it is under way, then how it went. */
  const perform =
    (action: () => Promise<void>, say: (text: string) => void, pending: string, done: string) => async () => {
      say(pending);
      try {
        await action();
        say(done);
      } catch (error) {
        say(error instanceof Error ? error.message : String(error));
      }
    };
  const stop = perform(props.onStop, setStopMessage, 'Stopping…', 'Stop requested.');
  const resume = perform(
    props.onResume,
    setMessage,
    'Resuming…',
    'Resumed: the run goes on from what it had gathered.',
  );
  return (
    <div className="actions">
      {live && (
        <button type="button" className="danger" onClick={stop}>
          Stop
        </button>
      )}
      {props.status === 'interrupted' && (
        <button type="button" onClick={resume}>
          Resume
        </button>
      )}
      {props.hasResult
        ? EXPORTS.map(({ format, label, extension }) => (
            <a
              key={format}
              className="button"
              href={props.api.reportUrl(props.runId, format)}
              download={`${props.runId}${extension}`}
            >
              Export {label}
            </a>
          ))
        : null}
      <button type="button" onClick={copyLink}>
        Copy link
      </button>
      <span className="muted action-message" aria-live="polite">
        {live && stopMessage ? stopMessage : message}
      </span>
    </div>
  );
}
