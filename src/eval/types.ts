/** A local document a question comes with (a HotpotQA paragraph, a generic `documents` entry). */
export interface EvalDocument {
  title: string;
  text: string;
}

/** One question of an evaluation set, whatever file format it came from. */
export interface EvalQuestion {
  /** Id from the dataset, or the question's position in the file (from 0) when it has none. */
  id: string;
  question: string;
  /** The gold answer. */
  answer: string;
  /** Other accepted answers; scores take the best over `answer` and these. */
  aliases: string[];
  /** Question types for breakdowns (HotpotQA `type`, FRAMES reasoning types, SimpleQA topic); may be empty. */
  types: string[];
  /** Difficulty level (HotpotQA `level`). */
  level?: string;
  /** When present the run uses only these documents, never the web. */
  documents?: EvalDocument[];
  /** Pages the dataset names as sources of the answer (FRAMES); informational. */
  links?: string[];
}

import type { DatasetFormat } from '../contract/index.js';

export { DATASET_FORMATS, type DatasetFormat } from '../contract/index.js';

/** A loaded dataset: where it came from, its format and its questions in file order. */
export interface Dataset {
  path: string;
  format: DatasetFormat;
  questions: EvalQuestion[];
}
