import { createHash } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EvalDocument } from '../types.js';

/** Longest file name (without `.md`) a document title becomes. */
const MAX_NAME_CHARS = 120;

/** A title as a file name on every platform: no path separators, reserved or control characters. */
export function fileNameFor(title: string): string {
  const safe = title
    .normalize('NFC')
    .replace(/[/\\:*?"<>|\p{Cc}]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, MAX_NAME_CHARS)
    .trim();
  return safe || 'untitled';
}

/**
 * A folder name for a question id. Ids are free text in some datasets: one that is not a safe name
 * as it stands gets a hash suffix, so two ids never share a folder.
 */
export function folderNameFor(id: string): string {
  const safe = fileNameFor(id);
  return safe === id
    ? id
    : `${safe.slice(0, 80)}-${createHash('sha256').update(id).digest('hex').slice(0, 10)}`;
}

/**
 * Writes a question's documents into `folder` as markdown, one file per title (`# Title` then the
 * text; a title seen twice gets ` (2)`), and returns the file names. A folder that already holds
 * files (a resumed evaluation) is left as it is.
 */
export async function materializeDocuments(
  documents: readonly EvalDocument[],
  folder: string,
): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const existing = (await readdir(folder)).filter((name) => name.endsWith('.md'));
  if (existing.length > 0) return existing.sort();
  const used = new Set<string>();
  const names: string[] = [];
  for (const document of documents) {
    const base = fileNameFor(document.title);
    let name = `${base}.md`;
    for (let copy = 2; used.has(name.toLowerCase()); copy++) name = `${base} (${copy}).md`;
    used.add(name.toLowerCase());
    names.push(name);
    await writeFile(
      join(folder, name),
      `# ${document.title.trim() || base}\n\n${document.text.trim()}\n`,
      'utf8',
    );
  }
  return names;
}
