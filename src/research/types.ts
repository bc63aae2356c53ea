import type { LanguageModel } from 'ai';
import type { RunArchive } from '../archive/index.js';
import type { ComputeSandbox } from '../compute/index.js';
import type { ResearchConfig, ResearchConfigInput } from '../config/index.js';
import type { ResearchEvent, RunMemory } from '../contract/index.js';
import type { Embedder, FixedBy, Llm } from '../llm/index.js';
import type { PageScreenshot, Reader, SourceCache } from '../reader/index.js';
import type { SearchProvider } from '../search/index.js';
import type { AskInput } from './input/ask-input.js';
import type { ResearchCorpus } from './sources/corpora.js';

/** The question plus the validated options: what `research()` takes. */
export type ResearchOptions = ResearchConfigInput & { question: string };
export type ResolvedResearchOptions = ResearchConfig & { question: string };

/** What one run is told by its caller: which run it is, how to stop it, where its events go. */
export interface RunHooks {
  /** Id of the run (default: a random UUID). */
  runId?: string;
  /** Cancels the run; it ends with status `cancelled` and its best answer so far. */
  signal?: AbortSignal;
  /** Called synchronously with each event, in order, before the next is made. */
  onEvent?: (event: ResearchEvent) => void;
  /**
   * Events of an earlier, interrupted or paused run of the same question: its knowledge is reused,
   * and the input it waited for is taken from its `input-answer` event.
   */
  resumeFrom?: ResearchEvent[];
  /**
   * Memories of earlier runs this run may draw on (the caller chooses whose: on a server, the
   * owner's), newest first; the `followUpOf` run's among them. The engine picks the similar ones.
   * Ignored with `memory: false`.
   */
  memories?: readonly RunMemory[];
  /**
   * Asks the person who started the run (clarifying questions with `clarify`, the plan with
   * `reviewPlan`) and resolves with their input; the wait counts against no cap. Absent, the run
   * pauses instead: it returns with status `needs_input` and the request in `input`.
   */
  askInput?: AskInput;
  /**
   * Takes the full-page screenshot of each page the run reads with the browser (`browser` option),
   * before the read's `tool-result` event; without it no screenshot is taken.
   */
  onScreenshot?: (screenshot: PageScreenshot) => void;
  /**
   * Takes the run's archive (`.warc.gz` of the pages it cites, or reads with `archive: all`) before
   * its `run-end` event; awaited. Without it the archive is made (references get their snapshots)
   * and let go. A failure here becomes a warning, never a failed run.
   */
  onArchive?: (archive: RunArchive) => void | Promise<void>;
}

/**
 * Capabilities a caller gives instead of those `buildCapabilities` makes from the options, and what
 * the made ones connect with. Shared by every run of a surface (the server, an MCP server, an
 * evaluation); everything is optional.
 */
export interface CapabilityOverrides {
  /** A ready model layer (tests, custom setups); overrides `languageModels`. */
  llm?: Llm;
  /** Language models by id (`provider:model`), used instead of the registry's providers. */
  languageModels?: Record<string, LanguageModel>;
  /** Search providers to use instead of those named in `options.search`. */
  searchProviders?: SearchProvider[];
  reader?: Reader;
  /** Cache for sources the default reader fetches (default: in memory). */
  sourceCache?: SourceCache;
  /** Embeds questions to match past runs (default: from `embedModel`, when set; else words only). */
  embedder?: Embedder;
  /** fetch used by providers and the reader (default: global fetch). */
  fetch?: typeof fetch;
  /** Environment read for API keys and URLs (default: process.env), read at call time. */
  env?: Record<string, string | undefined>;
  /**
   * Corpora already open (the server's registered folders): the run uses those `options.corpora`
   * names by id, and never opens `options.corpus` folders. The caller keeps them open and closes them.
   */
  corpora?: ResearchCorpus[];
  /** The compute action's sandbox, instead of the QuickJS one (used only when `compute` is on). */
  compute?: ComputeSandbox;
  /**
   * Who can fix the model's setup when a call fails (a refused key, an unreachable server): `user`
   * (default) — messages name the command-line flags; `operator` — the run serves someone else (a
   * server's client), so messages say the server's operator fixes it and name no flag to pass.
   */
  fixedBy?: FixedBy;
}

/**
 * What `research()` takes besides the options: the run's hooks and any capability overrides. By
 * default the engine builds models, search providers and the reader from the options and env.
 */
export interface ResearchRuntime extends RunHooks, CapabilityOverrides {}
