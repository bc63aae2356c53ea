import type { DepthPreset } from '../../../src/contract/index.js';

/** What the question box and its options hold, and whether a start is under way. */
export interface AskFormState {
  question: string;
  /** A model id; empty: the server's default. */
  model: string;
  /** A depth preset; empty: the server's default. */
  preset: DepthPreset | '';
  /** Search providers ticked; none: the server's default. */
  search: string[];
  /** A long report instead of a short answer. */
  report: boolean;
  /** Hosts as typed: separated by commas or spaces. */
  boostHosts: string;
  excludeHosts: string;
  onlyHosts: string;
  /** Ids of the registered corpora ticked; none: a web run. */
  corpora: string[];
  /** With corpora: also search the web. */
  web: boolean;
  /** Ask clarifying questions first when the question is ambiguous. */
  clarify?: boolean;
  /** Review the plan before research starts. */
  reviewPlan?: boolean;
  /** The run is being started. */
  busy: boolean;
  /** Why the last start failed, for people; empty when it did not. */
  error: string;
}

/** What of the form becomes the run's options (corpora and web may be left out: a web run). */
export type RunOptionsForm = Pick<
  AskFormState,
  'model' | 'preset' | 'search' | 'report' | 'boostHosts' | 'excludeHosts' | 'onlyHosts'
> &
  Partial<Pick<AskFormState, 'corpora' | 'web' | 'clarify' | 'reviewPlan'>>;

/** Fields of the form that hold what is typed. */
export type AskTextField = 'question' | 'model' | 'boostHosts' | 'excludeHosts' | 'onlyHosts';

export type AskFormAction =
  | { type: 'type'; field: AskTextField; value: string }
  | { type: 'preset'; preset: DepthPreset | '' }
  | { type: 'report'; report: boolean }
  | { type: 'toggle-search'; provider: string }
  | { type: 'toggle-corpus'; id: string }
  | { type: 'toggle-web' }
  | { type: 'toggle-input'; field: 'clarify' | 'reviewPlan' }
  | { type: 'start' }
  | { type: 'started' }
  | { type: 'failed'; message: string };

export const initialAskForm: AskFormState = {
  question: '',
  model: '',
  preset: '',
  search: [],
  report: false,
  boostHosts: '',
  excludeHosts: '',
  onlyHosts: '',
  corpora: [],
  web: false,
  busy: false,
  error: '',
};

const toggled = (items: readonly string[], item: string) =>
  items.includes(item) ? items.filter((current) => current !== item) : [...items, item];

/** Whether the form can start a run: a question, and no start already under way. */
export function canStart(state: AskFormState): boolean {
  return state.question.trim() !== '' && !state.busy;
}

/** The ask form's state changes. Pure. */
export function askFormReducer(state: AskFormState, action: AskFormAction): AskFormState {
  switch (action.type) {
    case 'type':
      return { ...state, [action.field]: action.value };
    case 'preset':
      return { ...state, preset: action.preset };
    case 'report':
      return { ...state, report: action.report };
    case 'toggle-search':
      return { ...state, search: toggled(state.search, action.provider) };
    case 'toggle-corpus': {
      const corpora = toggled(state.corpora, action.id);
      // "Also the web" only means something with a corpus: unticking the last one clears it.
      return { ...state, corpora, web: corpora.length > 0 && state.web };
    }
    case 'toggle-web':
      return state.corpora.length > 0 ? { ...state, web: !state.web } : state;
    case 'toggle-input':
      return { ...state, [action.field]: !state[action.field] };
    case 'start':
      return canStart(state) ? { ...state, busy: true, error: '' } : state;
    case 'started':
      return { ...state, busy: false };
    case 'failed':
      return { ...state, busy: false, error: action.message };
  }
}
