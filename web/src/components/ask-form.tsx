import { type FormEvent, type KeyboardEvent, useReducer } from 'react';
import type { ApiClient } from '../api/index.js';
import { useServerChoices } from '../hooks/index.js';
import { askFormReducer, canStart, initialAskForm } from '../state/index.js';
import { AskOptions } from './ask-options.js';
import { buildRunOptions } from './run-options.js';

/** The question box with the main options; Enter submits, Shift+Enter starts a new line. */
export function AskForm({ api, onStarted }: { api: ApiClient; onStarted: (id: string) => void }) {
  const [form, dispatch] = useReducer(askFormReducer, initialAskForm);
  const choices = useServerChoices(api);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canStart(form)) return;
    dispatch({ type: 'start' });
    try {
      const started = await api.startRun(form.question.trim(), buildRunOptions(form));
      dispatch({ type: 'started' });
      onStarted(started.id);
    } catch (cause) {
      dispatch({ type: 'failed', message: cause instanceof Error ? cause.message : String(cause) });
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="ask panel" onSubmit={submit} aria-labelledby="ask-title">
      <h1 id="ask-title" className="ask-title">
        <label htmlFor="question">What do you want researched?</label>
      </h1>
      <div className="ask-row">
        <textarea
          id="question"
          name="question"
          rows={2}
          placeholder="Enter to start, Shift+Enter for a new line"
          value={form.question}
          onChange={(event) => dispatch({ type: 'type', field: 'question', value: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="primary" disabled={!canStart(form)}>
          {form.busy ? 'Starting…' : 'Research'}
        </button>
      </div>
      <AskOptions form={form} choices={choices} dispatch={dispatch} />
      {form.error && (
        <p className="alert" role="alert">
          {form.error}
        </p>
      )}
    </form>
  );
}
