/**
 * The editor npm names when the person named none: npm exports `EDITOR` to every command it runs
 * (`npx`, `npm run`), set to `$EDITOR`, else `$VISUAL`, else `vi` (`notepad.exe` on Windows).
 */
const NPM_DEFAULT_EDITORS = [/^vi$/, /\\notepad\.exe$/i];

/**
 * The editor the person chose, if any: `$VISUAL`, else `$EDITOR` — unless the command runs under
 * npm (it sets `npm_execpath`) and `$EDITOR` is npm's default, which npm set, not the person.
 * A person who wants vi under npx sets `VISUAL=vi`.
 */
export function personEditor(env: Record<string, string | undefined>): string | undefined {
  const visual = env.VISUAL?.trim();
  if (visual) return visual;
  const editor = env.EDITOR?.trim();
  if (!editor) return undefined;
  const underNpm = Boolean(env.npm_execpath);
  if (underNpm && NPM_DEFAULT_EDITORS.some((pattern) => pattern.test(editor))) return undefined;
  return editor;
}
