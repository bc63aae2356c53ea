/**
 * What the process holds until it ends (the reader's extraction workers, its browser), each by the
 * function that lets it go. A module registers its resource when it first starts one, so the CLI can
 * end every one after a command without importing the modules that might have started them: a
 * command that never read a page does not load the reader to learn that nothing is open.
 */
const releases = new Set<() => Promise<void>>();

/** Registers `release` to run at `releaseProcessResources()`; registering the same function twice keeps one. */
export function holdUntilExit(release: () => Promise<void>): void {
  releases.add(release);
}

/** Lets go of everything registered (in parallel), for a process whose work is done. */
export async function releaseProcessResources(): Promise<void> {
  const pending = [...releases];
  releases.clear();
  await Promise.all(pending.map((release) => release()));
}
