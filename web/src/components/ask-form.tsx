import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import {
  type CorpusInfo,
  DEPTH_PRESETS,
  type DepthPreset,
  type ServerSettings,
} from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';
import { buildRunOptions, PRESET_LABELS } from './run-options.js';

/** The question box with the main options; Enter submits, Shift+Enter starts a new line. */
export function AskForm({ api, onStarted }: { api: ApiClient; onStarted: (id: string) => void }) {
  const [question, setQuestion] = useState('');
  const [model, setModel] = useState('');
  const [preset, setPreset] = useState<DepthPreset | ''>('');
  const [search, setSearch] = useState<string[]>([]);
  const [report, setReport] = useState(false);
  const [boostHosts, setBoostHosts] = useState('');
  const [excludeHosts, setExcludeHosts] = useState('');
  const [onlyHosts, setOnlyHosts] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [settings, setSettings] = useState<ServerSettings>();
  useEffect(() => {
    // Without the settings the form still works: empty fields use the server's defaults.
    api.getSettings().then(setSettings, () => undefined);
  }, [api]);
  // A provider this server cannot use (a keyed one without its key) is not offered.
  const providers = (settings?.searchProviders ?? []).filter((provider) => provider.usable);
  const [corpora, setCorpora] = useState<CorpusInfo[]>([]);
  const [chosenCorpora, setChosenCorpora] = useState<string[]>([]);
  const [web, setWeb] = useState(false);

  useEffect(() => {
    let live = true;
    // A server without corpora (or an older one) lists none: the option simply does not show.
    api.listCorpora().then(
      (list) => {
        if (live) setCorpora(list.corpora);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!question.trim() || busy) return;
    setBusy(true);
    setError('');
    try {
      const options = buildRunOptions({
        model,
        preset,
        search,
        report,
        boostHosts,
        excludeHosts,
        onlyHosts,
        corpora: chosenCorpora,
        web,
      });
      const started = await api.startRun(question.trim(), options);
      onStarted(started.id);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const toggle = (provider: string) =>
    setSearch((current) =>
      current.includes(provider) ? current.filter((item) => item !== provider) : [...current, provider],
    );

  return (
    <form className="ask panel" onSubmit={submit} aria-label="Ask a question">
      <label htmlFor="question" className="visually-hidden">
        Question
      </label>
      <div className="ask-row">
        <textarea
          id="question"
          name="question"
          rows={2}
          placeholder="What do you want researched? (Enter to start, Shift+Enter for a new line)"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="primary" disabled={busy || !question.trim()}>
          {busy ? 'Starting…' : 'Research'}
        </button>
      </div>
      <details className="ask-options">
        <summary>Options</summary>
        <div className="option-grid">
          <label>
            Model
            <input
              value={model}
              onChange={(event) => setModel(event.target.value)}
              placeholder={settings ? `server default: ${settings.model}` : 'server default'}
              list="server-models"
              data-testid="model-input"
            />
            <datalist id="server-models">
              {settings?.models.map((id) => (
                <option key={id} value={id} />
              ))}
            </datalist>
          </label>
          <label>
            Depth
            <select value={preset} onChange={(event) => setPreset(event.target.value as DepthPreset | '')}>
              <option value="">Server default</option>
              {(Object.entries(DEPTH_PRESETS) as [DepthPreset, (typeof DEPTH_PRESETS)[DepthPreset]][]).map(
                ([id, value]) => (
                  <option key={id} value={id}>
                    {PRESET_LABELS[id]} ({value.maxSteps} steps, {value.tokenBudget / 1000}k tokens)
                  </option>
                ),
              )}
            </select>
          </label>
          <fieldset>
            <legend>Answer</legend>
            <label className="inline">
              <input type="radio" name="style" checked={!report} onChange={() => setReport(false)} /> Short
              answer
            </label>
            <label className="inline">
              <input type="radio" name="style" checked={report} onChange={() => setReport(true)} /> Long
              report
            </label>
          </fieldset>
          <fieldset className="providers">
            <legend>
              Search (none ticked: server default{settings ? `, ${settings.search.join(', ')}` : ''})
            </legend>
            {providers.map(({ id }) => (
              <label key={id} className="inline">
                <input type="checkbox" checked={search.includes(id)} onChange={() => toggle(id)} /> {id}
              </label>
            ))}
          </fieldset>
          {corpora.length > 0 && (
            <fieldset className="corpora">
              <legend>Local corpora (none ticked: the web)</legend>
              {corpora.map((corpus) => (
                <label key={corpus.id} className="inline">
                  <input
                    type="checkbox"
                    name="corpus"
                    value={corpus.id}
                    checked={chosenCorpora.includes(corpus.id)}
                    onChange={() =>
                      setChosenCorpora((current) =>
                        current.includes(corpus.id)
                          ? current.filter((id) => id !== corpus.id)
                          : [...current, corpus.id],
                      )
                    }
                  />{' '}
                  {corpus.name} <span className="muted">({corpus.files} files)</span>
                </label>
              ))}
              <label className="inline">
                <input
                  type="checkbox"
                  name="web"
                  checked={web}
                  disabled={chosenCorpora.length === 0}
                  onChange={() => setWeb((current) => !current)}
                />{' '}
                also search the web
              </label>
            </fieldset>
          )}
          <label>
            Boost hosts
            <input
              value={boostHosts}
              onChange={(event) => setBoostHosts(event.target.value)}
              placeholder="en.wikipedia.org, arxiv.org"
            />
          </label>
          <label>
            Exclude hosts
            <input
              value={excludeHosts}
              onChange={(event) => setExcludeHosts(event.target.value)}
              placeholder="example.com"
            />
          </label>
          <label>
            Only hosts
            <input
              value={onlyHosts}
              onChange={(event) => setOnlyHosts(event.target.value)}
              placeholder="(any)"
            />
          </label>
        </div>
      </details>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
