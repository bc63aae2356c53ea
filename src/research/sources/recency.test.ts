import { describe, expect, it } from 'vitest';
import { inferTimeRange } from './recency.js';
import { searchWindow } from './search-window.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const range = (text: string) => inferTimeRange(text, NOW)?.range;

describe('inferTimeRange', () => {
  it('chooses the narrowest window the recency words ask for, naming the words', () => {
    expect(inferTimeRange('What is the latest news about the Eiffel Tower this week?', NOW)).toEqual({
      range: 'week',
      cue: 'this week',
    });
    expect(range('What are the latest results of the survey?')).toBe('month');
    expect(range('Who is the current CEO of the company?')).toBe('year');
    expect(range('What happened at the summit tonight?')).toBe('day');
    expect(range('What did the council decide last week?')).toBe('month');
  });

  it('gives no window to a timeless question, nor to words that only contain a recency word', () => {
    expect(range('How tall is the Eiffel Tower?')).toBeUndefined();
    expect(range('What is a weekly newsletter and where is nowhere?')).toBeUndefined();
    expect(range('What happened in Paris in 1889?')).toBeUndefined();
  });

  it('reads dates of the last year relative to the clock: relative, named and numeric', () => {
    expect(range('What happened in Paris yesterday?')).toBe('week');
    expect(range('What happened at the Louvre today?')).toBe('day');
    expect(inferTimeRange('What did the Louvre announce on November 22, 2026?', NOW)).toEqual({
      range: 'week',
      cue: 'november 22 2026',
    });
    expect(range('Who won the vote of 2026-10-30?')).toBe('month');
    expect(range('What changed in the rules in March 2026?')).toBe('year');
    // Older than a year, or still to come: no window.
    expect(range('What changed in the rules in March 2024?')).toBeUndefined();
    expect(range('What will happen at the Games in July 2027?')).toBeUndefined();
  });

  it('reads the languages of the date parser', () => {
    expect(range('Was gibt es Neues zum Eiffelturm diese Woche?')).toBe('week');
    expect(range('Quelles sont les dernières nouvelles de la tour Eiffel cette semaine ?')).toBe('week');
    expect(range('¿Qué pasó hace 3 días en Madrid?')).toBe('week');
    expect(range('Что происходит сейчас в Москве?')).toBe('year');
    expect(range('埃菲尔铁塔本周的最新消息是什么？')).toBe('week');
    expect(range('エッフェル塔の今日のニュース')).toBe('day');
    expect(range('에펠탑 최신 소식')).toBe('month');
  });
});

describe('searchWindow', () => {
  const base = { question: 'How tall is the Eiffel Tower?', freshnessFailed: false, now: NOW };

  it("keeps the planner's valid window and infers one only when it set none", () => {
    expect(searchWindow({ ...base, asked: 'day' })).toEqual({ range: 'day' });
    expect(searchWindow({ ...base, asked: 'fortnight' })).toBeUndefined();
    expect(
      searchWindow({ ...base, asked: undefined, subQuestion: 'What opened at the tower this week?' }),
    ).toEqual({ range: 'week', reason: 'inferred from "this week" in the sub-question' });
  });

  it('ranges every search after a failed freshness check, narrower when the question asks', () => {
    expect(searchWindow({ ...base, asked: undefined, freshnessFailed: true })).toEqual({
      range: 'year',
      reason: 'after a failed freshness check',
    });
    expect(
      searchWindow({
        ...base,
        question: 'Latest Eiffel Tower news?',
        asked: undefined,
        freshnessFailed: true,
      }),
    ).toEqual({
      range: 'month',
      reason: 'inferred from "latest" in the question after a failed freshness check',
    });
  });
});
