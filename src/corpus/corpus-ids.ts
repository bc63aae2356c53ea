import { basename, resolve } from 'node:path';

/**
 * Short ids for corpus folders, in order: the folder's name in lower case with anything but
 * letters, digits, `.`, `_` and `-` made `-` (`My Notes` → `my-notes`), then `-2`, `-3`… for
 * folders of the same name. Models name corpora by these ids, and API clients pick them by id.
 */
export function corpusIds(folders: readonly string[]): string[] {
  const taken = new Set<string>();
  return folders.map((folder) => {
    const base =
      basename(resolve(folder))
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/^[-.]+|[-.]+$/g, '') || 'corpus';
    let id = base;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}-${suffix}`;
    taken.add(id);
    return id;
  });
}
