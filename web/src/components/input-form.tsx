import { type FormEvent, useState } from 'react';
import type { InputRequest, SubQuestionIntent } from '../../../src/contract/index.js';
import { addedRow, clarifyBody, INTENTS, type PlanRow, planBody, planRows } from '../state/input-form.js';

type Submit = (body: unknown) => Promise<void>;

/** Sends the body, saying that it is under way and what went wrong (the server names the field). */
function useSubmit(onSubmit: Submit) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (body: unknown) => {
    setBusy(true);
    setMessage('Sending…');
    try {
      await onSubmit(body);
      setMessage('');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { message, busy, send };
}

function ClarifyForm(props: { request: Extract<InputRequest, { kind: 'clarify' }>; onSubmit: Submit }) {
  const [answers, setAnswers] = useState<string[]>(() => props.request.questions.map(() => ''));
  const { message, busy, send } = useSubmit(props.onSubmit);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(clarifyBody(props.request, answers));
  };
  return (
    <form className="input-form" onSubmit={submit} aria-label="Clarifying questions">
      <p>A few questions before research starts (leave one empty to skip it):</p>
      {props.request.questions.map((question, index) => (
        <label key={question}>
          {question}
          <input
            type="text"
            maxLength={1000}
            value={answers[index] ?? ''}
            onChange={(event) =>
              setAnswers(answers.map((answer, at) => (at === index ? event.target.value : answer)))
            }
          />
        </label>
      ))}
      <button type="submit" disabled={busy}>
        Start research
      </button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}

function PlanForm(props: { request: Extract<InputRequest, { kind: 'plan' }>; onSubmit: Submit }) {
  const [rows, setRows] = useState<PlanRow[]>(() => planRows(props.request.plan));
  const { message, busy, send } = useSubmit(props.onSubmit);
  const change = (index: number, patch: Partial<PlanRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(planBody(rows));
  };
  return (
    <form className="input-form" onSubmit={submit} aria-label="Plan review">
      <p>Review the plan before research starts: untick to drop, edit the text, or add a sub-question.</p>
      <ul className="plan-review">
        {rows.map((row, index) => (
          <li key={row.id ?? `new-${index}`}>
            <input
              type="checkbox"
              aria-label={`Research ${row.id ?? 'this sub-question'}`}
              checked={row.keep}
              onChange={(event) => change(index, { keep: event.target.checked })}
            />
            <input
              type="text"
              aria-label={`Text of ${row.id ?? 'the new sub-question'}`}
              maxLength={500}
              value={row.text}
              onChange={(event) => change(index, { text: event.target.value })}
            />
            <select
              aria-label={`Intent of ${row.id ?? 'the new sub-question'}`}
              value={row.intent}
              onChange={(event) => change(index, { intent: event.target.value as SubQuestionIntent })}
            >
              {INTENTS.map((intent) => (
                <option key={intent} value={intent}>
                  {intent}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setRows([...rows, addedRow()])}>
        Add a sub-question
      </button>
      <button type="submit" disabled={busy || planBody(rows).subQuestions.length === 0}>
        Research this plan
      </button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}

/** What a run waiting for input asks: its clarifying questions, or its plan as an editable checklist. */
export function InputForm(props: { request: InputRequest; onSubmit: Submit }) {
  return props.request.kind === 'clarify' ? (
    <ClarifyForm request={props.request} onSubmit={props.onSubmit} />
  ) : (
    <PlanForm request={props.request} onSubmit={props.onSubmit} />
  );
}
