import { useState } from 'react';

/**
 * A long list cut to its first (or last) `limit` items, with a button that shows them all and
 * says how many it holds back: nothing hides in an inner scroll box the reader may not notice.
 */
export function useShowAll<T>(items: readonly T[], options: { limit: number; keep: 'first' | 'last' }) {
  const [all, setAll] = useState(false);
  const hidden = Math.max(0, items.length - options.limit);
  const shown =
    all || hidden === 0
      ? items
      : options.keep === 'first'
        ? items.slice(0, options.limit)
        : items.slice(hidden);
  return { shown, hidden, all, toggle: () => setAll((current) => !current) };
}

/** The button of `useShowAll`: "Show 4 earlier steps" / "Show only the latest 10 steps"; nothing when all fit. */
export function ShowAllButton({
  hidden,
  all,
  toggle,
  more,
  fewer,
}: {
  hidden: number;
  all: boolean;
  toggle: () => void;
  /** What showing all adds, e.g. "12 earlier steps". */
  more: string;
  /** What showing fewer keeps, e.g. "only the latest 10 steps". */
  fewer: string;
}) {
  if (hidden === 0) return null;
  return (
    <button type="button" className="show-all" aria-expanded={all} onClick={toggle}>
      {all ? `Show ${fewer}` : `Show ${more}`}
    </button>
  );
}
