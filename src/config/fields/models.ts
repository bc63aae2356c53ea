import { MODEL_PROVIDER_IDS } from '../../contract/index.js';
import type { FieldRow } from '../field.js';
import { research } from './research-field.js';

/** The research options that choose the models and reach them: ask's flags, and serve's defaults. */
export const modelFields: readonly FieldRow[] = [
  research('model', {
    flag: 'model',
    kind: 'string',
    env: 'DEEPRESEARCH_MODEL',
    value: 'ID',
    help: `Model as provider:model, provider one of ${MODEL_PROVIDER_IDS.join(', ')}.`,
  }),
  research('plannerModel', {
    flag: 'planner-model',
    kind: 'string',
    env: 'DEEPRESEARCH_PLANNER_MODEL',
    value: 'ID',
    help: 'Model that plans and chooses actions (default: --model).',
  }),
  research('extractorModel', {
    flag: 'extractor-model',
    kind: 'string',
    env: 'DEEPRESEARCH_EXTRACTOR_MODEL',
    value: 'ID',
    help: 'Model that turns read pages into findings with quotes (default: --model).',
  }),
  research('evaluatorModel', {
    flag: 'evaluator-model',
    kind: 'string',
    env: 'DEEPRESEARCH_EVALUATOR_MODEL',
    value: 'ID',
    help: 'Model that reviews answers and checks claims against their quotes (default: --model).',
  }),
  research('writerModel', {
    flag: 'writer-model',
    kind: 'string',
    env: 'DEEPRESEARCH_WRITER_MODEL',
    value: 'ID',
    help: 'Model that writes the final answer or report (default: --model).',
  }),
  research('fallbackModels', {
    flag: 'fallback-model',
    kind: 'list',
    env: 'DEEPRESEARCH_FALLBACK_MODELS',
    value: 'ID',
    help: 'Model tried when the primary keeps failing (repeatable).',
  }),
  research('temperature', {
    flag: 'temperature',
    kind: 'string',
    env: 'DEEPRESEARCH_TEMPERATURE',
    value: 'T',
    help: 'Sampling temperature from 0 to 2 for every model call, per role ("writer=0.7,planner=0"; roles planner, extractor, evaluator, writer) or both ("0.3,writer=0.7"); default: the provider\'s.',
  }),
  research('baseURL', {
    flag: 'base-url',
    kind: 'string',
    value: 'URL',
    help: "Server of --model's provider: vLLM, llama.cpp, LM Studio, Ollama, a proxy (default: the provider's variable, e.g. OPENAI_BASE_URL, OLLAMA_BASE_URL).",
  }),
  research('apiKey', {
    flag: 'api-key',
    kind: 'string',
    value: 'KEY',
    help: "Key of --model's provider, used for its models only (default: the provider's variable, e.g. OPENAI_API_KEY).",
  }),
];
