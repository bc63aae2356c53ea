import type { Dispatch } from 'react';
import { DEPTH_PRESETS, type DepthPreset } from '../../../src/contract/index.js';
import type { ServerChoices } from '../hooks/index.js';
import type { AskFormAction, AskFormState, AskTextField } from '../state/index.js';
import { PRESET_LABELS } from './run-options.js';

const PRESETS = Object.entries(DEPTH_PRESETS) as [DepthPreset, (typeof DEPTH_PRESETS)[DepthPreset]][];

/** The registered corpora to research instead of (or with) the web. */
function CorpusChoice({ form, choices, dispatch }: AskOptionsProps) {
  if (choices.corpora.length === 0) return null;
  return (
    <fieldset className="corpora">
      <legend>Local corpora (none ticked: the web)</legend>
      {choices.corpora.map((corpus) => (
        <label key={corpus.id} className="inline">
          <input
            type="checkbox"
            name="corpus"
            value={corpus.id}
            checked={form.corpora.includes(corpus.id)}
            onChange={() => dispatch({ type: 'toggle-corpus', id: corpus.id })}
          />{' '}
          {corpus.name} <span className="muted">({corpus.files} files)</span>
        </label>
      ))}
      <label className="inline">
        <input
          type="checkbox"
          name="web"
          checked={form.web}
          disabled={form.corpora.length === 0}
          onChange={() => dispatch({ type: 'toggle-web' })}
        />{' '}
        also search the web
      </label>
    </fieldset>
  );
}

interface AskOptionsProps {
  form: AskFormState;
  choices: ServerChoices;
  dispatch: Dispatch<AskFormAction>;
}

/** The options under the question box: model, depth, answer or report, search, corpora and hosts. */
export function AskOptions(props: AskOptionsProps) {
  const { form, choices, dispatch } = props;
  const { settings } = choices;
  // A provider this server cannot use (a keyed one without its key) is not offered.
  const providers = (settings?.searchProviders ?? []).filter((provider) => provider.usable);
  const text = (field: AskTextField, label: string, placeholder: string) => (
    <label>
      {label}
      <input
        value={form[field]}
        onChange={(event) => dispatch({ type: 'type', field, value: event.target.value })}
        placeholder={placeholder}
      />
    </label>
  );
  return (
    <details className="ask-options">
      <summary>Options</summary>
      <div className="option-grid">
        <label>
          Model
          <input
            value={form.model}
            onChange={(event) => dispatch({ type: 'type', field: 'model', value: event.target.value })}
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
          <select
            value={form.preset}
            onChange={(event) => dispatch({ type: 'preset', preset: event.target.value as DepthPreset | '' })}
          >
            <option value="">Server default</option>
            {PRESETS.map(([id, value]) => (
              <option key={id} value={id}>
                {PRESET_LABELS[id]} ({value.maxSteps} steps, {value.tokenBudget / 1000}k tokens)
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Answer</legend>
          <label className="inline">
            <input
              type="radio"
              name="style"
              checked={!form.report}
              onChange={() => dispatch({ type: 'report', report: false })}
            />{' '}
            Short answer
          </label>
          <label className="inline">
            <input
              type="radio"
              name="style"
              checked={form.report}
              onChange={() => dispatch({ type: 'report', report: true })}
            />{' '}
            Long report
          </label>
        </fieldset>
        <fieldset>
          <legend>Before research</legend>
          <label className="inline">
            <input
              type="checkbox"
              checked={form.clarify === true}
              onChange={() => dispatch({ type: 'toggle-input', field: 'clarify' })}
            />{' '}
            Ask me clarifying questions
          </label>
          <label className="inline">
            <input
              type="checkbox"
              checked={form.reviewPlan === true}
              onChange={() => dispatch({ type: 'toggle-input', field: 'reviewPlan' })}
            />{' '}
            Let me review the plan
          </label>
        </fieldset>
        <fieldset className="providers">
          <legend>
            Search (none ticked: server default{settings ? `, ${settings.search.join(', ')}` : ''})
          </legend>
          {providers.map(({ id }) => (
            <label key={id} className="inline">
              <input
                type="checkbox"
                checked={form.search.includes(id)}
                onChange={() => dispatch({ type: 'toggle-search', provider: id })}
              />{' '}
              {id}
            </label>
          ))}
        </fieldset>
        <CorpusChoice {...props} />
        <div className="host-fields">
          {text('boostHosts', 'Boost hosts', 'en.wikipedia.org, arxiv.org')}
          {text('excludeHosts', 'Exclude hosts', 'example.com')}
          {text('onlyHosts', 'Only hosts', '(any)')}
        </div>
      </div>
    </details>
  );
}
