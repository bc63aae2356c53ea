/**
 * Test doubles for every capability, shipped with the code as `deepresearch/testing`: a scripted
 * model on the AI SDK's mock, a fake model layer, fake search and reader, a fake run engine for the
 * server, and fake model/search/page HTTP servers on 127.0.0.1. Production code never imports this
 * folder; helpers that need vitest live in `vitest/` and are not built.
 */
export {
  carelessWriter,
  spoilAnswer,
  UNCITED_SENTENCE,
  WRITER_FAULTS,
  type WriterFault,
} from './careless-writer.js';
export { cooperativeResearcher, questionOf } from './cooperative-researcher.js';
export { demoModel, demoNote } from './demo-model.js';
export { type DemoWorld, demoPages, startDemoWorld } from './demo-world.js';
export { docxText, type PdfContents, readPdf, zipEntry } from './document-text.js';
export { type EvalResearcherOptions, evalResearcher } from './eval-researcher.js';
export {
  type FakeEmbeddingsRequest,
  type FakeEmbeddingsServer,
  type FakeEmbeddingsServerOptions,
  hashedBagOfWords,
  startFakeEmbeddingsServer,
} from './fake-embeddings-server.js';
export {
  createFakeLlm,
  type FakeLlm,
  type FakeLlmCall,
  type FakeLlmOptions,
  type FakeLlmResponder,
} from './fake-llm.js';
export {
  type FakeChatRequest,
  type FakeLlmReply,
  type FakeLlmScript,
  type FakeLlmServer,
  type FakeLlmServerOptions,
  startFakeLlmServer,
} from './fake-llm-server.js';
export {
  createFakeMcpCorpus,
  type FakeCorpusCall,
  type FakeMcpCorpus,
} from './fake-mcp-corpus.js';
export {
  createFakeMcpServer,
  type FakeMcpCall,
  type FakeMcpPage,
  fakeMcpPages,
  fakeMcpServerCommand,
} from './fake-mcp-server.js';
export {
  type FakePage as FakeServedPage,
  type FakePageRequest,
  type FakePageServer,
  startFakePageServer,
} from './fake-page-server.js';
export {
  createFakeReader,
  type FakePage,
  type FakePages,
  type FakeReader,
  FakeReaderError,
  type FakeReaderOptions,
  fakeSource,
} from './fake-reader.js';
export { createFakeRunner, type FakeRunner, type FakeRunnerOptions } from './fake-runner.js';
export {
  createFakeSearch,
  type FakeSearch,
  type FakeSearchOptions,
  type FakeSearchReply,
  type FakeSearchResult,
  type FakeSearchScript,
} from './fake-search.js';
export {
  type FakeSearchHit,
  type FakeSearchScript as FakeSearchServerScript,
  type FakeSearchServer,
  startFakeSearchServer,
} from './fake-search-server.js';
export {
  evaluationReply,
  honestEvaluationReply,
  honestFinalEvaluation,
  type ShownAnswer,
  shownAnswer,
} from './honest-evaluator.js';
export {
  HONEST_JUDGE_MIN_SHARED,
  type HonestJudgement,
  type HonestJudgeOptions,
  honestJudgement,
  honestVerdicts,
} from './honest-judge.js';
export { buildMinimalPdf } from './minimal-pdf.js';
export { createOracleJudge, yesVerdicts } from './oracle-judge.js';
export { RELATIONAL_PAIRS, type RelationalKind, type RelationalPair } from './relational-pairs.js';
export * from './scripted-model.js';
