import { join } from 'node:path';
import type { SourceCache } from '../../reader/index.js';
import type { CapabilityOverrides } from '../../research/index.js';
import type { EvalQuestion } from '../types.js';
import { openLocalDocuments } from './local-documents.js';
import { folderNameFor, materializeDocuments } from './materialize-documents.js';

/**
 * What a question adds to its run's runtime. A question with documents (HotpotQA distractor, generic
 * `documents`) has them written to `<documentsRoot>/<id>/` (one markdown file per title) and
 * researches only that folder, through a local search provider and reader; a question without
 * documents adds nothing and researches the web. This is the one place that decides it: when the
 * engine takes a corpus folder, this function passes the folder instead.
 */
export async function runtimeForQuestion(
  question: EvalQuestion,
  options: { documentsRoot: string; sourceCache?: SourceCache },
): Promise<Pick<CapabilityOverrides, 'searchProviders' | 'reader'>> {
  if (!question.documents) return {};
  const folder = join(options.documentsRoot, folderNameFor(question.id));
  await materializeDocuments(question.documents, folder);
  const local = await openLocalDocuments(folder, { sourceCache: options.sourceCache });
  return { searchProviders: [local.searchProvider], reader: local.reader };
}
