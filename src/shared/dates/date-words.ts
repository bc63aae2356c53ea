/**
 * Words of the dates that search APIs and web pages write: month names and relative phrases in
 * English, German, French, Spanish, Italian, Portuguese, Dutch, the Nordic languages, Polish,
 * Russian, Japanese, Chinese and Korean. Every word is lower-case and without the accents of Latin
 * letters ("fevrier", "marz", "dias"), as `normalizeDateText` leaves the text it compares them with.
 */

/** The words of a comma-separated list. */
function words(list: string): readonly string[] {
  return list.split(/,\s*/);
}

/** Full month names, January first; each also in its genitive form where the language inflects it. */
export const MONTH_NAMES: readonly (readonly string[])[] = [
  words(
    'january, januar, janner, janvier, enero, gennaio, janeiro, januari, styczen, stycznia, январь, января',
  ),
  words('february, februar, fevrier, febrero, febbraio, fevereiro, februari, luty, lutego, февраль, февраля'),
  words('march, marz, mars, marzo, marco, maart, marts, marzec, marca, март, марта'),
  words('april, avril, abril, aprile, kwiecien, kwietnia, апрель, апреля'),
  words('may, mai, mayo, maggio, maio, mei, maj, maja, май, мая'),
  words('june, juni, juin, junio, giugno, junho, czerwiec, czerwca, июнь, июня'),
  words('july, juli, juillet, julio, luglio, julho, lipiec, lipca, июль, июля'),
  words('august, aout, agosto, augustus, augusti, sierpien, sierpnia, август, августа'),
  words(
    'september, septembre, septiembre, setiembre, settembre, setembro, wrzesien, wrzesnia, сентябрь, сентября',
  ),
  words('october, oktober, octobre, octubre, ottobre, outubro, pazdziernik, pazdziernika, октябрь, октября'),
  words('november, novembre, noviembre, novembro, listopad, listopada, ноябрь, ноября'),
  words('december, dezember, decembre, diciembre, dicembre, dezembro, grudzien, grudnia, декабрь, декабря'),
];

/** Abbreviated month names, January first (written with or without a trailing dot). */
export const MONTH_ABBREVIATIONS: readonly (readonly string[])[] = [
  words('jan, janv, ene, gen, sty, янв'),
  words('feb, febr, fevr, fev, lut, фев, февр'),
  words('mar, mrz, mrt, мар'),
  words('apr, avr, abr, kwi, апр'),
  words('mag, mai'),
  words('jun, giu, cze, июн'),
  words('jul, juil, lug, lip, июл'),
  words('aug, ago, sie, авг'),
  words('sep, sept, set, wrz, сен, сент'),
  words('oct, okt, ott, out, paz, окт'),
  words('nov, lis, ноя'),
  words('dec, dez, dic, gru, дек'),
];

/**
 * Abbreviations that are also a weekday's ("mar." is Tuesday in Spanish, French and Italian): in a
 * date that names another month too, they are the weekday.
 */
export const WEEKDAY_LOOKALIKES: ReadonlySet<string> = new Set(words('mar'));

/** Words that may follow a day number ("5th", "1er", "5º") or fill a date ("5 de junio de 2024"). */
export const DATE_FILLERS: ReadonlySet<string> = new Set(words('st, nd, rd, th, er, e, o, de, del, of'));

/** Units of a relative date. */
export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** Length of each unit in milliseconds (a month is 30 days, a year 365). */
export const RELATIVE_UNIT_MS: Readonly<Record<RelativeUnit, number>> = {
  second: 1000,
  minute: 60 * 1000,
  hour: 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
  year: 365 * 24 * 60 * 60 * 1000,
};

/** How one language writes "N units ago": a word before the amount, after the unit, or both. */
export interface RelativeDateWords {
  /** Words before the amount ("vor 3 Tagen", "il y a 3 jours", "hace 3 días", "há 3 dias"). */
  before: readonly string[];
  /** Words after the unit ("3 days ago", "3 giorni fa", "3日前", "3 дня назад"). */
  after: readonly string[];
  /** Words standing for the amount one ("a day ago", "vor einem Tag", "une semaine"). */
  one: readonly string[];
  /** The unit's words, singular and plural. */
  units: Readonly<Record<RelativeUnit, readonly string[]>>;
}

/** "N units ago" in each language. */
export const RELATIVE_DATE_WORDS: readonly RelativeDateWords[] = [
  {
    before: [],
    after: words('ago'),
    one: words('a, an, one'),
    units: {
      second: words('s, sec, secs, second, seconds'),
      minute: words('m, min, mins, minute, minutes'),
      hour: words('h, hr, hrs, hour, hours'),
      day: words('d, day, days'),
      week: words('w, wk, wks, week, weeks'),
      month: words('mo, mos, month, months'),
      year: words('y, yr, yrs, year, years'),
    },
  },
  {
    before: words('vor'),
    after: [],
    one: words('einem, einer, ein, eine'),
    units: {
      second: words('sek, sekunde, sekunden'),
      minute: words('min, minute, minuten'),
      hour: words('std, stunde, stunden'),
      day: words('tag, tagen, tage'),
      week: words('woche, wochen'),
      month: words('monat, monaten, monate'),
      year: words('jahr, jahren, jahre'),
    },
  },
  {
    before: words('il y a'),
    after: [],
    one: words('un, une'),
    units: {
      second: words('s, sec, seconde, secondes'),
      minute: words('min, minute, minutes'),
      hour: words('h, heure, heures'),
      day: words('j, jour, jours'),
      week: words('semaine, semaines'),
      month: words('mois'),
      year: words('an, ans, annee, annees'),
    },
  },
  {
    before: words('hace, ha, faz'),
    after: words('atras'),
    one: words('un, una, um, uma'),
    units: {
      second: words('s, seg, segundo, segundos'),
      minute: words('min, minuto, minutos'),
      hour: words('h, hora, horas'),
      day: words('d, dia, dias'),
      week: words('semana, semanas, sem'),
      month: words('mes, meses'),
      year: words('ano, anos'),
    },
  },
  {
    before: [],
    after: words('fa'),
    one: words('un, una, uno'),
    units: {
      second: words('s, sec, secondo, secondi'),
      minute: words('min, minuto, minuti'),
      hour: words('h, ora, ore'),
      day: words('g, giorno, giorni'),
      week: words('settimana, settimane'),
      month: words('mese, mesi'),
      year: words('anno, anni'),
    },
  },
  {
    before: words('for'),
    after: words('geleden, sedan, siden'),
    one: words('een, en, ett'),
    units: {
      second: words('s, sec, seconde, seconden, sekund, sekunder'),
      minute: words('min, minuut, minuten, minut, minuter, minutter'),
      hour: words('u, uur, uren, timme, timmar, time, timer'),
      day: words('d, dag, dagen, dagar, dage, dager'),
      week: words('week, weken, vecka, veckor, uge, uger, uke, uker'),
      month: words('maand, maanden, manad, manader, maned, maneder'),
      year: words('jaar, jaren, ar'),
    },
  },
  {
    before: [],
    after: words('temu, назад'),
    one: [],
    units: {
      second: words('sek, sekunde, sekund, секунду, секунды, секунд, сек'),
      minute: words('min, minute, minut, минуту, минуты, минут, мин'),
      hour: words('godz, godzine, godziny, godzin, час, часа, часов, ч'),
      day: words('dzien, dni, день, дня, дней, дн'),
      week: words('tydzien, tygodnie, tygodni, неделю, недели, недель, нед'),
      month: words('miesiac, miesiace, miesiecy, месяц, месяца, месяцев, мес'),
      year: words('rok, lata, lat, год, года, лет'),
    },
  },
  {
    before: [],
    after: words('前, 전'),
    one: [],
    units: {
      second: words('秒, 초'),
      minute: words('分, 分钟, 分鐘, 분'),
      hour: words('時間, 小时, 小時, 个小时, 個小時, 시간'),
      day: words('日, 天, 일'),
      week: words('週間, 周, 週, 星期, 个星期, 個星期, 주'),
      month: words('か月, ヶ月, ヵ月, カ月, 个月, 個月, 개월, 달'),
      year: words('年, 년'),
    },
  },
];

/** Words that mean the moment itself ("just now"). */
export const NOW_WORDS: readonly string[] = words(
  "now, just now, gerade eben, soeben, a l'instant, ahora, ahora mismo, agora, agora mesmo, proprio ora, zojuist, только что, たった今, 刚刚, 剛剛, 방금",
);

/** Words for the current day, which a date of day precision stands for from its midnight (UTC). */
export const TODAY_WORDS: readonly string[] = words(
  "today, heute, aujourd'hui, hoy, oggi, hoje, vandaag, idag, i dag, dzisiaj, dzis, сегодня, 今日, 今天, 오늘",
);

/** Words for the day before. */
export const YESTERDAY_WORDS: readonly string[] = words(
  'yesterday, gestern, hier, ayer, ieri, ontem, gisteren, igar, i gar, wczoraj, вчера, 昨日, 昨天, 어제',
);
