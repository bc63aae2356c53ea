/**
 * Words that ask for recent events, with how far back each reaches, in the languages of the date
 * parser (`shared/dates/date-words.ts`): English, German, French, Spanish, Italian, Portuguese,
 * Dutch, the Nordic languages, Polish, Russian, Japanese, Chinese and Korean. Written as
 * `normalizeDateText` leaves a text: lower-case, Latin letters without accents. Dates themselves
 * ("today", "yesterday", "3 days ago", "June 2026") are read by the date parser, not listed here.
 */

/** Words of a comma-separated list. */
function words(list: string): readonly string[] {
  return list.split(/,\s*/);
}

/** Phrases that ask for the events of the last `reachDays` days. */
export interface RecencyWords {
  /** How many days back the phrases reach ("this week": 7; "last week": up to 14). */
  reachDays: number;
  words: readonly string[];
}

/** The recency phrases, by reach. A question's narrowest phrase chooses its window. */
export const RECENCY_WORDS: readonly RecencyWords[] = [
  {
    // This very day: its evening or morning, breaking news. ("Today" is a date the parser reads.)
    reachDays: 1,
    words: words(
      'tonight, this morning, this evening, right now, breaking, heute abend, heute morgen, eilmeldung, ce soir, ce matin, esta noche, esta manana, stasera, stamattina, esta noite, vanavond, vanochtend, ikvall, i kvall, i aften, i kveld, dzis wieczorem, сегодня вечером, 今日, 今夜, 今晩, 速報, 今天, 今晚, 오늘, 속보',
    ),
  },
  {
    reachDays: 2,
    words: words('昨日, 昨天, 어제'),
  },
  {
    reachDays: 7,
    words: words(
      'this week, past week, past few days, last few days, past 7 days, last 7 days, diese woche, dieser woche, cette semaine, esta semana, questa settimana, nesta semana, deze week, denna vecka, i denne uge, denne uken, w tym tygodniu, на этой неделе, эта неделя, этой неделе, 今週, 本周, 这周, 本週, 這週, 这个星期, 這個星期, 이번 주, 이번주',
    ),
  },
  {
    // The week before this one reaches back up to two weeks.
    reachDays: 14,
    words: words(
      'last week, letzte woche, letzten woche, la semaine derniere, la semana pasada, la settimana scorsa, a semana passada, vorige week, forra veckan, sidste uge, forrige uke, w zeszlym tygodniu, на прошлой неделе, 先週, 上周, 上週, 지난주, 지난 주',
    ),
  },
  {
    reachDays: 31,
    words: words(
      'latest, newest, recent, recently, this month, past month, neueste, neuesten, neuester, juengste, kurzlich, diesen monat, dieser monat, dernieres nouvelles, dernieres actualites, recemment, recente, recents, ce mois-ci, ultimas noticias, lo ultimo, reciente, recientes, recientemente, este mes, ultime notizie, recenti, recentemente, questo mese, recentes, laatste nieuws, onlangs, deze maand, senaste nytt, seneste nyt, siste nytt, nyligen, nylig, nyligt, denna manad, najnowsze, najnowszy, najnowsza, ostatnio, niedawno, w tym miesiacu, последние новости, недавно, новейшие, в этом месяце, 最新, 最近, 今月, 本月, 这个月, 최신, 최근, 이번 달',
    ),
  },
  {
    // The present state of things: reaches back as far as this year.
    reachDays: 366,
    words: words(
      "current, currently, now, nowadays, these days, at present, this year, as of today, aktuell, aktuelle, aktuellen, derzeit, zurzeit, jetzt, momentan, heutzutage, dieses jahr, actuel, actuelle, actuellement, maintenant, en ce moment, de nos jours, cette annee, actual, actualmente, ahora, hoy en dia, este ano, attuale, attualmente, adesso, oggigiorno, quest'anno, atual, atualmente, agora, hoje em dia, huidige, momenteel, tegenwoordig, dit jaar, nuvarande, nuvaerende, for narvarande, obecnie, teraz, aktualnie, obecny, obecna, w tym roku, сейчас, в настоящее время, текущий, текущая, нынешний, в этом году, 現在, 今年, 现在, 目前, 当前, 當前, 현재, 지금, 요즘, 올해",
    ),
  },
];
