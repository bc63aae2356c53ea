import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeText } from '../../src/reader/content/charset/index.js';

/** Absolute path of `/work/shared/benchmark-data/<relative>` resolved from the repository root. */
export function benchmarkDataPath(relative = ''): string {
  return new URL(`../../../shared/benchmark-data/${relative}`, import.meta.url).pathname;
}

/** Returns the data folder, or prints why the benchmark is skipped and exits 0 when it is missing. */
export function requireBenchmarkData(relative: string): string {
  const path = benchmarkDataPath(relative);
  if (!existsSync(path)) {
    console.log(`Benchmark data not found at ${path}; nothing to measure. Skipping.`);
    process.exit(0);
  }
  return path;
}

/** Reads a file, gunzipping it when its name ends in `.gz`. */
function readBytes(path: string): Buffer {
  const bytes = readFileSync(path);
  return path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

/** Reads a file, gunzipping it when its name ends in `.gz`, as UTF-8 text. */
export function readText(path: string): string {
  return readBytes(path).toString('utf8');
}

/**
 * Reads a saved page as the reader decodes a local HTML file (BOM, then `<meta charset>`, then
 * UTF-8 or Windows-1252): many archived pages are in ISO-8859-1 or Windows-1252.
 */
export function readHtml(path: string): string {
  return decodeText(readBytes(path), { html: true });
}

/** A page of trafilatura's evaluation set: its `html/` file gzipped when there is one, else as saved. */
export function readTrafilaturaPage(folder: string, file: string): string {
  try {
    return readHtml(join(folder, 'html', `${file}.gz`));
  } catch {
    return readHtml(join(folder, 'html', file));
  }
}

/** Reads and parses a JSON file. */
export function readJson<T>(path: string): T {
  return JSON.parse(readText(path)) as T;
}
