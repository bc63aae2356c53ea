import { useState } from 'react';
import type { Reference, VerifyReport } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';
import { referenceCheckRows, type StateLabel } from '../state/index.js';

function Label({ label }: { label: StateLabel | undefined }) {
  if (!label) return <span className="muted">not checked</span>;
  return <span className={`quote-check quote-check-${label.tone}`}>{label.text}</span>;
}

/**
 * The archive of the run's cited pages: each web reference with the hash of the page the run read,
 * whether the archive holds it, and what the last check said (quote in the archived page, in the
 * live page), with when it ran. The archive itself is only offered as a download, never shown.
 */
export function ReferenceChecks(props: {
  api: ApiClient;
  runId: string;
  references: readonly Reference[];
  verification: VerifyReport | undefined;
  hasArchive: boolean;
}) {
  const [report, setReport] = useState(props.verification);
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const rows = referenceCheckRows(props.references, report);
  if (rows.length === 0) return null;
  const check = async (live: boolean) => {
    setPending(true);
    setMessage(live ? 'Checking the archive and the live pages…' : 'Checking the archive…');
    try {
      setReport(await props.api.verifyRun(props.runId, live));
      setMessage('');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="reference-checks">
      <p className="muted" data-testid="last-checked">
        {report
          ? `Last checked ${new Date(report.checkedAt).toLocaleString()}${report.live ? ' (live pages too)' : ''}.`
          : 'Not checked yet.'}
      </p>
      <ul>
        {rows.map((row) => (
          <li key={row.index} data-testid="reference-check">
            <span>[{row.index}]</span> <span className="reference-title">{row.title}</span>{' '}
            <span className="muted">
              {row.archived === undefined ? 'no snapshot' : row.archived ? 'archived' : 'not archived'}
              {row.hash ? ` · sha256 ${row.hash}…` : ''}
            </span>
            <div>
              <Label label={row.inArchive} />
              {row.live && (
                <>
                  {' · '}
                  <Label label={row.live} />
                </>
              )}
            </div>
            {row.detail && <div className="muted">{row.detail}</div>}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" disabled={pending} onClick={() => void check(false)}>
          Check quotes
        </button>
        <button type="button" disabled={pending} onClick={() => void check(true)}>
          Check live pages too
        </button>
        {props.hasArchive && (
          <a className="button" href={props.api.archiveUrl(props.runId)} download={`${props.runId}.warc.gz`}>
            Download archive
          </a>
        )}
      </div>
      <span className="muted" aria-live="polite">
        {message}
      </span>
    </div>
  );
}
