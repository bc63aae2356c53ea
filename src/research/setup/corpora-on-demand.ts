type OpenCorpora = typeof import('../sources/open-corpora.js').openResearchCorpora;

/**
 * Opens and indexes folders as research corpora (see `open-corpora.ts`); the corpus module (SQLite,
 * tree-sitter) is loaded on the first call, so runs without a corpus never load it.
 */
export async function openResearchCorpora(
  options: Parameters<OpenCorpora>[0],
): Promise<Awaited<ReturnType<OpenCorpora>>> {
  const { openResearchCorpora: open } = await import('../sources/open-corpora.js');
  return open(options);
}
