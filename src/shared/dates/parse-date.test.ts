import { describe, expect, it } from 'vitest';
import { parseDate, slashedDayFirst, toIsoDate } from './parse-date.js';

const now = new Date('2024-06-10T15:00:00Z');
const read = (text: string) => toIsoDate(text, { now });

describe('parseDate', () => {
  it('reads a date without a time as its midnight in UTC, in the forms pages and APIs write', () => {
    const june5 = [
      'Jun 5, 2024',
      'June 5th, 2024',
      'Wednesday, June 5, 2024',
      '5 June 2024',
      '2024-06-05',
      '2024/06/05',
      '05.06.2024',
      '6/5/2024',
      '5. Juni 2024',
      'mer. 5 juin 2024',
      'mar. 5 juin 2024',
      '5 de junio de 2024',
      '5 giugno 2024',
      '5 de junho de 2024',
      '5 juni 2024',
      '5 czerwca 2024',
      '5 июня 2024 г.',
      '2024年6月5日',
      '2024년 6월 5일',
      'Published: June 5, 2024',
    ];
    expect(Object.fromEntries(june5.map((text) => [text, read(text)]))).toEqual(
      Object.fromEntries(june5.map((text) => [text, '2024-06-05T00:00:00.000Z'])),
    );
  });

  it('reads a date with slashes day first when told to, and gives way where the month cannot be one', () => {
    expect(toIsoDate('04/05/2022', { now, dayFirst: true })).toBe('2022-05-04T00:00:00.000Z');
    expect(toIsoDate('04/05/2022', { now })).toBe('2022-04-05T00:00:00.000Z');
    expect(toIsoDate('04/25/2022', { now, dayFirst: true })).toBe('2022-04-25T00:00:00.000Z');
    expect(toIsoDate('25/04/2022', { now })).toBe('2022-04-25T00:00:00.000Z');
    // Dots and dashes are day first whatever the language; year first stays year first.
    expect(toIsoDate('04.05.2022', { now })).toBe('2022-05-04T00:00:00.000Z');
    expect(toIsoDate('2022/04/05', { now, dayFirst: true })).toBe('2022-04-05T00:00:00.000Z');
  });

  it("says a language writes the day first unless it is the US's, the Philippines', Canada's or plain English", () => {
    const tags = [
      'pt-BR',
      'en-GB',
      'en-AU',
      'en-IN',
      'de',
      'fr-CA',
      'es',
      'en-US',
      'en',
      'en-PH',
      'en-CA',
      'es-US',
      '',
    ];
    expect(Object.fromEntries(tags.map((tag) => [tag, slashedDayFirst(tag || undefined)]))).toEqual({
      'pt-BR': true,
      'en-GB': true,
      'en-AU': true,
      'en-IN': true,
      de: true,
      'fr-CA': true,
      es: true,
      'en-US': false,
      en: false,
      'en-PH': false,
      'en-CA': false,
      'es-US': false,
      '': false,
    });
  });

  it('reads a time without a zone as UTC and honours a stated zone or offset', () => {
    expect(read('2024-06-05T10:00:00')).toBe('2024-06-05T10:00:00.000Z');
    expect(read('2024-06-05 10:00')).toBe('2024-06-05T10:00:00.000Z');
    expect(read('2024-02-10T00:00:00.0000000')).toBe('2024-02-10T00:00:00.000Z');
    expect(read('2024-06-05T10:00:00+09:00')).toBe('2024-06-05T01:00:00.000Z');
    expect(read('2024-06-05T10:00:00.250Z')).toBe('2024-06-05T10:00:00.250Z');
    expect(read('Wed, 05 Jun 2024 10:00:00 GMT')).toBe('2024-06-05T10:00:00.000Z');
    expect(read('Tue, 05 Mar 2024 10:00:00 +0100')).toBe('2024-03-05T09:00:00.000Z');
    expect(read('June 5, 2024 4:05 pm PDT')).toBe('2024-06-05T23:05:00.000Z');
    expect(read('05.06.2024 14:30 Uhr')).toBe('2024-06-05T14:30:00.000Z');
  });

  it('takes partial dates as the start of their month or year', () => {
    expect(read('2024-06')).toBe('2024-06-01T00:00:00.000Z');
    expect(read('June 2024')).toBe('2024-06-01T00:00:00.000Z');
    expect(read('2024')).toBe('2024-01-01T00:00:00.000Z');
  });

  it('puts a month and day without a year on the latest such day not after now', () => {
    expect(read('Jun 5')).toBe('2024-06-05T00:00:00.000Z');
    expect(read('Dec 25')).toBe('2023-12-25T00:00:00.000Z');
    expect(read('June 11')).toBe('2024-06-11T00:00:00.000Z');
  });

  it('reads numeric dates month first with slashes (US) and day first with dots and dashes', () => {
    expect(read('13/05/2024')).toBe('2024-05-13T00:00:00.000Z');
    expect(read('05-06-24')).toBe('2024-06-05T00:00:00.000Z');
    expect(read('5/13/2024')).toBe('2024-05-13T00:00:00.000Z');
  });

  it('counts relative dates back from the injected now, in many languages', () => {
    const threeDaysAgo = '2024-06-07T15:00:00.000Z';
    const relative = [
      '3 days ago',
      '3d ago',
      'vor 3 Tagen',
      'il y a 3 jours',
      'hace 3 días',
      'há 3 dias',
      '3 dias atrás',
      '3 giorni fa',
      '3 dagen geleden',
      '3 dagar sedan',
      '3 dni temu',
      '3 дня назад',
      '3日前',
      '3天前',
      '3일 전',
    ];
    expect(Object.fromEntries(relative.map((text) => [text, read(text)]))).toEqual(
      Object.fromEntries(relative.map((text) => [text, threeDaysAgo])),
    );
    expect(read('2 hrs ago')).toBe('2024-06-10T13:00:00.000Z');
    expect(read('an hour ago')).toBe('2024-06-10T14:00:00.000Z');
    expect(read('vor einer Stunde')).toBe('2024-06-10T14:00:00.000Z');
    expect(read('15 mins ago')).toBe('2024-06-10T14:45:00.000Z');
    expect(read('hace una semana')).toBe('2024-06-03T15:00:00.000Z');
    expect(read('неделю назад')).toBe('2024-06-03T15:00:00.000Z');
    expect(read('just now')).toBe('2024-06-10T15:00:00.000Z');
    expect(read('1 year ago')).toBe('2023-06-11T15:00:00.000Z');
  });

  it('reads today and yesterday as days (their midnight in UTC)', () => {
    for (const text of ['today', 'heute', "aujourd'hui", '今日'])
      expect(read(text)).toBe('2024-06-10T00:00:00.000Z');
    for (const text of ['Yesterday', 'gestern', 'ayer', '昨天', 'вчера']) {
      expect(read(text)).toBe('2024-06-09T00:00:00.000Z');
    }
  });

  it('reads nothing from text that is not a date, or from a day that does not exist', () => {
    for (const text of [
      '',
      '   ',
      'hello',
      'may',
      '3 days',
      'Sold out 5 times',
      '2024-13-01',
      'Feb 30, 2024',
      '2024-06-05T25:00:00',
      '99999999999 years ago',
      // Names that a unit and "ago" written together would spell ("d ago", "y ago", "m ago").
      'Dago',
      'Yago',
      'Mago',
      'x'.repeat(500),
    ]) {
      expect(read(text), text).toBeUndefined();
    }
    expect(parseDate(undefined)).toBeUndefined();
    expect(parseDate(null)).toBeUndefined();
  });

  it('reads leap days and keeps four-digit years below 100 as written', () => {
    expect(read('29 Feb 2024')).toBe('2024-02-29T00:00:00.000Z');
    expect(read('29 Feb 2023')).toBeUndefined();
    expect(parseDate('0050-01-02')?.getUTCFullYear()).toBe(50);
  });
});
