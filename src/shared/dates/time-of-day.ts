/** Time-zone abbreviations a time may be followed by, in minutes east of UTC (unambiguous ones only). */
const ZONE_OFFSETS: Readonly<Record<string, number>> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  cet: 60,
  cest: 120,
  mez: 60,
  mesz: 120,
  bst: 60,
  jst: 540,
  kst: 540,
};

/** A time of day found in a date's text, and the text without it. */
export interface TimeOfDay {
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
  /** Minutes east of UTC that the text states; absent when it states none (the time is then UTC). */
  offsetMinutes?: number;
  /** The text with the time and its zone cut out. */
  rest: string;
}

const zoneNames = Object.keys(ZONE_OFFSETS).join('|');
/** "10:30", "10:30:05.25", "4:05 pm", then an optional zone: "Z", "GMT", "+0200", "GMT+2", "PST". */
const timePattern = new RegExp(
  `(?<![\\d:])(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?(?:\\s*([ap])\\.?m\\b\\.?)?` +
    `(?:\\s*\\(?(${zoneNames})\\b\\)?)?(?:\\s*([+-])(\\d{1,2})(?::?(\\d{2}))?\\b)?`,
  'u',
);

/**
 * Cuts a time of day and the zone right after it out of normalized text ("June 5, 2024 4:05 pm
 * PDT" → 16:05 at -420 minutes, rest "June 5, 2024"). `undefined` when the text has no time.
 */
export function cutTimeOfDay(text: string): TimeOfDay | undefined {
  const match = timePattern.exec(text);
  if (!match) return undefined;
  const [
    whole,
    hourText,
    minuteText,
    secondText,
    fraction,
    meridiem,
    zone,
    sign,
    offsetHours,
    offsetMinutes,
  ] = match;
  let hours = Number(hourText);
  if (meridiem === 'p' && hours < 12) hours += 12;
  if (meridiem === 'a' && hours === 12) hours = 0;
  const named = zone === undefined ? undefined : ZONE_OFFSETS[zone];
  const offset =
    sign === undefined
      ? 0
      : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0));
  const stated = named !== undefined || sign !== undefined;
  return {
    hours,
    minutes: Number(minuteText),
    seconds: Number(secondText ?? 0),
    milliseconds: fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000),
    offsetMinutes: stated ? (named ?? 0) + offset : undefined,
    rest: `${text.slice(0, match.index)} ${text.slice(match.index + whole.length)}`.trim(),
  };
}
