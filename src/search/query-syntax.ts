import type { TimeRange } from './types.js';

/** Appends `site:` operators for providers without a native domain filter. */
export function withSiteOperators(query: string, sites: readonly string[] | undefined): string {
  const hosts = (sites ?? []).map((site) => site.trim()).filter(Boolean);
  if (hosts.length === 0) return query;
  if (hosts.length === 1) return `${query} site:${hosts[0]}`;
  return `${query} (${hosts.map((host) => `site:${host}`).join(' OR ')})`;
}

/** Whether a provider that only serves `host` (and its subdomains) can satisfy a `sites` filter. */
export function sitesAllow(sites: readonly string[] | undefined, host: string): boolean {
  if (!sites || sites.length === 0) return true;
  return sites.some((site) => {
    const wanted = site
      .trim()
      .toLowerCase()
      .replace(/^www\./, '');
    return wanted === host || wanted.endsWith(`.${host}`) || host.endsWith(`.${wanted}`);
  });
}

const HOUR_MS = 60 * 60 * 1000;
const hoursOfRange: Record<TimeRange, number> = {
  hour: 1,
  day: 24,
  week: 7 * 24,
  month: 31 * 24,
  year: 366 * 24,
};

/** The start of a time window ending now. */
export function startOfRange(range: TimeRange, now: Date = new Date()): Date {
  return new Date(now.getTime() - hoursOfRange[range] * HOUR_MS);
}

/**
 * The window for providers whose finest filter is a day: `hour` asks for the day (and the
 * engine drops results whose dates are older, see `withinTimeRange`).
 */
export function dayGrainedRange(range: TimeRange): Exclude<TimeRange, 'hour'> {
  return range === 'hour' ? 'day' : range;
}

/** Google-style `tbs` value (Serper, Firecrawl): qdr:h/d/w/m/y. */
export const googleTimeRange: Record<TimeRange, string> = {
  hour: 'qdr:h',
  day: 'qdr:d',
  week: 'qdr:w',
  month: 'qdr:m',
  year: 'qdr:y',
};

/** The primary subtag of a language code: `pt-BR` → `pt`. */
export function baseLanguage(language: string): string {
  return language.split(/[-_]/)[0]?.toLowerCase() ?? language.toLowerCase();
}

/** The lowercase region of a regional language code (`pt-BR` → `br`), if it has one. */
export function regionOfLanguage(language: string): string | undefined {
  const region = language.split(/[-_]/)[1];
  return region && /^[a-z]{2}$/i.test(region) ? region.toLowerCase() : undefined;
}

/** Clamps a wanted result count to what a provider accepts. */
export function clampCount(count: number | undefined, fallback: number, max: number): number {
  const wanted = count === undefined || !Number.isFinite(count) ? fallback : Math.floor(count);
  return Math.min(Math.max(1, wanted), max);
}
