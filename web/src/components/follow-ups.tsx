import { useState } from 'react';
import { FOLLOW_UPS_HEADING } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';

/**
 * The answer's follow-up questions as buttons: each starts a new run of that question with this run
 * as its context (`followUpOf`), and opens it.
 */
export function FollowUps(props: {
  api: ApiClient;
  runId: string;
  questions: readonly string[];
  onStarted: (id: string) => void;
}) {
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  if (props.questions.length === 0) return null;
  const ask = async (question: string) => {
    setPending(true);
    setMessage('Starting…');
    try {
      const started = await props.api.startFollowUp(question, props.runId);
      setMessage('');
      props.onStarted(started.id);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <nav className="follow-ups" aria-label={FOLLOW_UPS_HEADING}>
      <h3>{FOLLOW_UPS_HEADING}</h3>
      <ul>
        {props.questions.map((question) => (
          <li key={question}>
            <button type="button" disabled={pending} onClick={() => void ask(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
      <span className="muted" aria-live="polite">
        {message}
      </span>
    </nav>
  );
}
