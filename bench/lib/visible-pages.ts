import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkDataPath, readHtml, readJson } from './benchmark-data.js';

/** One saved page of a visible extraction set, read when it is used. */
export interface VisiblePage {
  /** `set/id`, e.g. `wcxb/0001`. */
  id: string;
  url: string;
  /** Path of the saved HTML (gzipped or not). */
  path: string;
}

interface TrafilaturaEntry {
  file: string;
}

function trafilaturaPages(): VisiblePage[] {
  const folder = benchmarkDataPath('trafilatura-eval');
  if (!existsSync(folder)) return [];
  const entries = Object.entries(readJson<Record<string, TrafilaturaEntry>>(join(folder, 'evaldata.json')));
  return entries.map(([url, entry]) => {
    const gzipped = join(folder, 'html', `${entry.file}.gz`);
    const path = existsSync(gzipped) ? gzipped : join(folder, 'html', entry.file);
    return { id: `trafilatura/${entry.file}`, url, path };
  });
}

function wcxbPages(): VisiblePage[] {
  const folder = benchmarkDataPath('wcxb/dev');
  if (!existsSync(folder)) return [];
  return readdirSync(join(folder, 'ground-truth'))
    .sort()
    .map((name) => {
      const id = name.replace(/\.json$/, '');
      const { url } = readJson<{ url: string }>(join(folder, 'ground-truth', name));
      return { id: `wcxb/${id}`, url, path: join(folder, 'html', `${id}.html.gz`) };
    });
}

function mozillaPages(): VisiblePage[] {
  const folder = benchmarkDataPath('mozilla-readability-testpages');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      id: `mozilla/${name}`,
      url: `http://fakehost/test/${name}/`,
      path: join(folder, name, 'source.html'),
    }));
}

/** Every page of the visible extraction sets present beside the repository, set by set. */
export function visiblePages(): VisiblePage[] {
  return [...trafilaturaPages(), ...wcxbPages(), ...mozillaPages()];
}

/** The saved page's HTML, decoded as the reader decodes a local file. */
export function htmlOf(page: VisiblePage): string {
  return readHtml(page.path);
}
