/** A count the model asked for, within its bounds, and a note when it was changed. */
export interface RequestedCount {
  /** The count to use: the asked one rounded and clipped to `1..max`, or the default when none was asked. */
  value: number;
  /** Why the asked count was not used as it was, in a short sentence; undefined when it was. */
  note?: string;
}

/** How one count of an action is bounded. */
export interface CountBounds {
  /** What is counted, for the note ("results a query", "link levels"). */
  what: string;
  /** Most the action may ask for. */
  max: number;
  /** Used when the action asks for none or for something that is not a number. */
  fallback: number;
}

/**
 * Bounds a count from model output (`limit`, `depth`): absent means the default; a number is
 * rounded and clipped to `1..max`; anything else is the default. Each change is noted, so the
 * trace and the planner's next prompt say what was used instead.
 */
export function requestedCount(asked: unknown, bounds: CountBounds): RequestedCount {
  const { what, max, fallback } = bounds;
  if (asked === undefined || asked === null) return { value: fallback };
  if (typeof asked !== 'number' || !Number.isFinite(asked)) {
    return {
      value: fallback,
      note: `${what} "${String(asked).slice(0, 20)}" is not a number; used ${fallback}`,
    };
  }
  const value = Math.min(max, Math.max(1, Math.round(asked)));
  if (value === asked) return { value };
  return {
    value,
    note:
      asked > max
        ? `asked for ${asked} ${what}, clipped to ${max} (at most ${max})`
        : `asked for ${asked} ${what}, used ${value} (1 to ${max})`,
  };
}
