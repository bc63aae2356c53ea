/** The owner key of runs without an owner (no auth): one owner, never a token's id (`token:…`). */
const NO_OWNER = '';

/** One owner's place in line: its waiting runs, oldest first, and its turns. */
interface OwnerLine {
  waiting: string[];
  /** Its runs held by the node now. */
  held: number;
  /** When it was last served (a count of runs handed out); -1: never. */
  servedAt: number;
}

/**
 * The queue of a cluster of one: a line per owner, and the runs held. The next run goes to the
 * owner with the fewest runs held, then the one served longest ago (never served first), then the
 * one whose oldest run came first; an owner at its cap waits. The same order the Postgres cluster's
 * `take` uses.
 */
export class OwnerQueues {
  private readonly owners = new Map<string, OwnerLine>();
  /** Owner key of every waiting run, and of every held one. */
  private readonly waiting = new Map<string, string>();
  private readonly held = new Map<string, string>();
  /** When each waiting run came, to order owners whose turns are level. */
  private readonly arrivals = new Map<string, number>();
  private arrived = 0;
  private served = 0;

  /** Puts a run in its owner's line; nothing if it waits already or is held (taken when let go). */
  add(runId: string, owner: string | undefined): void {
    if (this.waiting.has(runId) || this.held.has(runId)) return;
    const key = owner ?? NO_OWNER;
    this.line(key).waiting.push(runId);
    this.waiting.set(runId, key);
    this.arrivals.set(runId, this.arrived++);
  }

  /** Holds the next run by the order above; undefined when no owner may have one. */
  holdNext(maxHeldPerOwner = Number.POSITIVE_INFINITY): string | undefined {
    let next: OwnerLine | undefined;
    for (const line of this.owners.values()) {
      if (line.waiting.length === 0 || line.held >= maxHeldPerOwner) continue;
      if (!next || this.before(line, next)) next = line;
    }
    const runId = next?.waiting.shift();
    if (!next || runId === undefined) return undefined;
    const key = this.waiting.get(runId) ?? NO_OWNER;
    this.waiting.delete(runId);
    this.arrivals.delete(runId);
    this.held.set(runId, key);
    next.held += 1;
    next.servedAt = this.served++;
    return runId;
  }

  /** Stops holding a run; false when it was not held. */
  drop(runId: string): boolean {
    const key = this.held.get(runId);
    if (key === undefined) return false;
    this.held.delete(runId);
    this.line(key).held -= 1;
    return true;
  }

  /** Takes a waiting run out of its line. */
  remove(runId: string): void {
    const key = this.waiting.get(runId);
    if (key === undefined) return;
    const line = this.line(key);
    line.waiting.splice(line.waiting.indexOf(runId), 1);
    this.waiting.delete(runId);
    this.arrivals.delete(runId);
  }

  isHeld(runId: string): boolean {
    return this.held.has(runId);
  }

  /** Whether the run waits here or is held. */
  has(runId: string): boolean {
    return this.waiting.has(runId) || this.held.has(runId);
  }

  /** Runs of `owner` waiting. */
  waitingOf(owner: string | undefined): number {
    return this.owners.get(owner ?? NO_OWNER)?.waiting.length ?? 0;
  }

  counts(): { running: number; queued: number } {
    return { running: this.held.size, queued: this.waiting.size };
  }

  /** Empties every line; returns the runs that waited, oldest first. */
  clearWaiting(): string[] {
    const runs = [...this.arrivals.entries()].sort((a, b) => a[1] - b[1]).map(([runId]) => runId);
    for (const line of this.owners.values()) line.waiting.length = 0;
    this.waiting.clear();
    this.arrivals.clear();
    return runs;
  }

  private line(key: string): OwnerLine {
    let line = this.owners.get(key);
    if (!line) {
      line = { waiting: [], held: 0, servedAt: -1 };
      this.owners.set(key, line);
    }
    return line;
  }

  /** Whether `line`'s turn comes before `other`'s. */
  private before(line: OwnerLine, other: OwnerLine): boolean {
    if (line.held !== other.held) return line.held < other.held;
    if (line.servedAt !== other.servedAt) return line.servedAt < other.servedAt;
    return this.headArrival(line) < this.headArrival(other);
  }

  private headArrival(line: OwnerLine): number {
    const head = line.waiting[0];
    return head === undefined ? Number.POSITIVE_INFINITY : (this.arrivals.get(head) ?? 0);
  }
}
