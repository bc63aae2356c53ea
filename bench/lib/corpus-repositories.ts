/**
 * The repositories of the code-retrieval benchmarks, each pinned so the files its questions name stay
 * where they are: this repository at a commit (`git archive`), or a package as published on npm
 * (`npm pack name@version`). No dependency of ours; fetched or extracted at bench time into a folder
 * the caller removes. Also the peer: the corpus module of this repository at a pinned commit, so a
 * bench compares today's ranking and indexer with the current ones in one run.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A "how does X work?" question and the files an answer must cite. */
export interface CodeQuestion {
  id: string;
  query: string;
  files: string[];
}

/** A pinned repository and its questions. */
export interface CodeRepository {
  name: string;
  about: string;
  source: { git: string } | { npm: string };
  /** `tune`: ranking was developed on it; `held-out`: never looked at while tuning. */
  split: 'tune' | 'held-out';
  questions: CodeQuestion[];
}

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataFolder = new URL('../data/', import.meta.url);

/**
 * The peer of the corpus benches by default: the ranking at the start of the round that ranks a
 * file by its best passage and a share of its next ones (`--peer ea7aa6b` gives the one before
 * whole-form weighting and Greek letters, `--peer a3a0e40` the one before code-aware ranking).
 */
export const ROUND_START_COMMIT = '7455e6dac61caac42bbc2ed61dbb7b8349c90739';

async function jsonLines<T>(name: string): Promise<T[]> {
  const text = await readFile(new URL(name, dataFolder), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** The repositories of `bench/data/corpus-code-repositories.json`, with their questions. */
export async function codeRepositories(): Promise<CodeRepository[]> {
  const manifest = JSON.parse(
    await readFile(new URL('corpus-code-repositories.json', dataFolder), 'utf8'),
  ) as Array<Omit<CodeRepository, 'questions'>>;
  return Promise.all(
    manifest.map(async (entry) => ({
      ...entry,
      questions: await jsonLines<CodeQuestion>(`corpus-code-${entry.name}.jsonl`),
    })),
  );
}

/** Whether this checkout has the commit (a shallow clone may not): the bench says so and skips it. */
export function hasCommit(sha: string): boolean {
  try {
    execFileSync('git', ['-C', repositoryRoot, 'cat-file', '-e', `${sha}^{commit}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Extracts `paths` of this repository at `sha` into `target`. */
function archive(sha: string, target: string, paths: readonly string[] = []): void {
  const archived = execFileSync('git', ['-C', repositoryRoot, 'archive', sha, ...paths], {
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', target], { input: archived });
}

/**
 * The repository's files in a new folder under `base`; its root. This repository's own benchmark
 * questions are left out (they name every answer).
 */
export async function materialize(
  repository: Pick<CodeRepository, 'name' | 'source'>,
  base: string,
): Promise<string> {
  const target = join(base, repository.name);
  await mkdir(target, { recursive: true });
  if ('git' in repository.source) {
    archive(repository.source.git, target);
    execFileSync('rm', ['-rf', join(target, 'bench/data')]);
    return target;
  }
  const spec = repository.source.npm;
  const packed = execFileSync('npm', ['pack', spec, '--pack-destination', target, '--silent'], {
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['-xzf', join(target, packed), '-C', target]);
  execFileSync('rm', ['-f', join(target, packed)]);
  return join(target, 'package');
}

/** What a bench uses of a corpus module: today's or the current one. */
export type CorpusModule = typeof import('../../src/corpus/index.js');

/**
 * The corpus module of this repository at `sha`, extracted under `base` and loaded from source (the
 * bench runs under tsx), with this checkout's `node_modules`. Undefined when the commit is missing.
 */
export async function peerCorpus(base: string, sha = ROUND_START_COMMIT): Promise<CorpusModule | undefined> {
  if (!hasCommit(sha)) return undefined;
  const target = join(base, `peer-${sha.slice(0, 7)}`);
  await mkdir(target, { recursive: true });
  archive(sha, target, ['src', 'package.json']);
  await symlink(join(repositoryRoot, 'node_modules'), join(target, 'node_modules'), 'dir');
  return (await import(join(target, 'src/corpus/index.ts'))) as CorpusModule;
}

/** Recall@10 of the wanted files among the first ten distinct files, and 1 / rank of the first. */
export function scoreFiles(ranked: readonly string[], wanted: readonly string[]) {
  const distinctFiles = [...new Set(ranked)];
  const top = distinctFiles.slice(0, 10);
  const first = distinctFiles.findIndex((file) => wanted.includes(file));
  return {
    recall: wanted.filter((file) => top.includes(file)).length / wanted.length,
    reciprocalRank: first === -1 ? 0 : 1 / (first + 1),
    firstRank: first === -1 ? Number.POSITIVE_INFINITY : first + 1,
  };
}

/** Seconds of CPU (user + system) this process used since `start` (from `process.cpuUsage()`). */
export function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}
