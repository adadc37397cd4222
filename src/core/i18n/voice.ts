/**
 * The voice accessbot speaks to one person in: their language (the catalog its words come from,
 * formatted as ICU MessageFormat by `intl-messageformat`), their locale and their time zone
 * (dates, durations and lists through the platform's `Intl`). A person whose platform names a
 * language accessbot has no catalog for, or no language at all, hears DEFAULT_LOCALE; channels
 * always do.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { LRUCache } from 'lru-cache';
import type { MessageValues } from './args.ts';
import { catalogs, LANGUAGES, type Language } from './catalogs.ts';
import type { en } from './en.ts';

export type MessageKey = keyof typeof en;
/** The values `key`'s English message takes; none for a message without placeholders. */
export type ValuesOf<K extends MessageKey> = MessageValues<(typeof en)[K]>;
type ValuesArg<K extends MessageKey> = keyof ValuesOf<K> extends never ? [] : [ValuesOf<K>];

/** The language and time zone everyone hears when theirs is unknown: DEFAULT_LOCALE, DEFAULT_TIME_ZONE. */
export interface VoiceDefaults {
  locale: string;
  timeZone: string;
}

export const ENGLISH: VoiceDefaults = { locale: 'en', timeZone: 'UTC' };

/** `de-DE`, `de_DE.UTF-8`, `ja`: a BCP 47 tag Intl accepts, or undefined. */
export function localeTag(text: string | undefined): string | undefined {
  const tag = text
    ?.trim()
    .replace(/[.@].*$/, '')
    .replaceAll('_', '-');
  if (!tag || tag === 'C' || tag === 'POSIX') return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The terminal's language as POSIX says to find it: LC_ALL, else LC_MESSAGES, else LANG (the
 * first one set); `C` and `POSIX` name none.
 */
export function terminalLocale(env: NodeJS.ProcessEnv): string | undefined {
  const named = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  return localeTag(named);
}

/** The catalog for a locale tag, or undefined when accessbot has none for its language. */
export function languageOf(tag: string | undefined): Language | undefined {
  const language = localeTag(tag)?.split('-')[0]?.toLowerCase();
  return LANGUAGES.find((l) => l === language);
}

/** Whether Intl knows `zone` (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * For a message's optional part: `{withX, select, yes {… {x}} other {}}` chooses on this flag,
 * never on the data itself (a level named "no" is still shown).
 */
export const flag = (value: unknown): 'yes' | 'no' => (value ? 'yes' : 'no');

/** Each message's formatter, made when first said, by language and key; the catalogs bound it. */
const messages = new LRUCache<string, IntlMessageFormat, { language: Language; key: MessageKey }>({
  max: LANGUAGES.length * Object.keys(catalogs.en).length,
  // Tags mean nothing in our messages: `<reason>` is text a person types.
  memoMethod: (_id, _old, { context: { language, key } }) =>
    new IntlMessageFormat(catalogs[language][key], language, undefined, { ignoreTag: true }),
});

function format(language: Language, key: MessageKey, values: object | undefined): string {
  const message = messages.memo(`${language}\u0000${key}`, { context: { language, key } });
  return String(message.format(values as Record<string, string | number> | undefined));
}

export class Voice {
  /** The BCP 47 tag dates, numbers and lists are formatted for, e.g. `de-DE`. */
  readonly locale: string;
  readonly language: Language;
  readonly timeZone: string;
  /** The organisation's voice (DEFAULT_LOCALE), for what a whole channel reads. */
  readonly channel: Voice;
  readonly #time: Intl.DateTimeFormat;
  readonly #clock: Intl.DateTimeFormat;
  readonly #day: Intl.DateTimeFormat;
  readonly #list: Intl.ListFormat;
  readonly #relative: Intl.RelativeTimeFormat;

  constructor(locale: string, language: Language, timeZone: string, channel?: Voice) {
    this.locale = locale;
    this.language = language;
    this.timeZone = timeZone;
    this.channel = channel ?? this;
    this.#time = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    });
    this.#clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
    // A calendar day is no instant: it is written as named, in no zone.
    this.#day = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    this.#list = new Intl.ListFormat(locale, { type: 'conjunction' });
    this.#relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  }

  /** The message `key` in this voice's language, with its placeholders filled. */
  readonly t = <K extends MessageKey>(key: K, ...values: ValuesArg<K>): string =>
    format(this.language, key, values[0]);

  /** A date and time in this person's zone, its zone named: `22. Nov. 2026, 15:05 MEZ`. */
  time(value: Date | string): string {
    const date = typeof value === 'string' ? new Date(value) : value;
    return Number.isNaN(date.getTime()) ? String(value) : this.#time.format(date);
  }

  /** The time of day in this person's zone: `6:01 PM`, `18:01`. */
  clock(value: Date): string {
    return this.#clock.format(value);
  }

  /**
   * A calendar day (or `2026-12-01`, as the store keeps one) as the language writes it:
   * `Tue, Dec 1, 2026`, `Di., 1. Dez. 2026`.
   */
  day(d: { year: number; month: number; day: number } | string): string {
    const [year = 0, month = 1, day = 1] =
      typeof d === 'string' ? d.split('-').map(Number) : [d.year, d.month, d.day];
    return this.#day.format(Date.UTC(year, month - 1, day));
  }

  /** `3 days`, `5 hours`, `40 minutes`: the largest whole unit, as a person would say it. */
  age(ms: number): string {
    const [count, unit] = largestUnit(ms);
    if (!count) return this.t('time.underAMinute');
    return new Intl.NumberFormat(this.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
      count,
    );
  }

  /**
   * `3 days ago`, `vor 3 Tagen`, `3 日前`: how long ago, with the words and the case the
   * language puts around it (a German `vor` takes the dative).
   */
  ago(ms: number): string {
    const [count, unit] = largestUnit(ms);
    return count ? this.#relative.format(-count, unit) : this.t('time.justNow');
  }

  /** `in 23 hours`, `in 23 Stunden`, `23 時間後`: how long from now. */
  fromNow(ms: number): string {
    // Rounded, not cut: a wait of a day less a moment is `in 24 hours`, never `in 23 hours`.
    const [count, unit] = largestUnit(ms, Math.round);
    return count ? this.#relative.format(count, unit) : this.t('time.inUnderAMinute');
  }

  /** `A, B and C` as the language joins them. */
  list(items: readonly string[]): string {
    return this.#list.format(items);
  }
}

/**
 * A span as its largest whole unit: days from two days on, hours from two hours, else whole
 * minutes; days and hours cut down, or rounded where `round` says.
 */
function largestUnit(ms: number, round = Math.floor): [number, 'day' | 'hour' | 'minute'] {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes >= 2 * 24 * 60) return [round(minutes / (24 * 60)), 'day'];
  if (minutes >= 2 * 60) return [round(minutes / 60), 'hour'];
  return [minutes, 'minute'];
}

/**
 * Voices by what was asked for: every reply asks again (each card of a list), and a voice's
 * `Intl` formatters are made once.
 */
const voices = new LRUCache<string, Voice, () => Voice>({
  max: 1_000,
  memoMethod: (_id, _old, { context }) => context(),
});

/**
 * The voice for a person whose platform said `locale` and `timeZone` (either may be unknown or
 * nonsense): what is usable of them, the defaults for the rest.
 */
export function voiceFor(
  locale?: string,
  timeZone?: string,
  defaults: VoiceDefaults = ENGLISH,
): Voice {
  const id = `${locale ?? ''}\u0000${timeZone ?? ''}\u0000${defaults.locale}\u0000${defaults.timeZone}`;
  return voices.memo(id, {
    context: () => {
      const organisation = channelVoice(defaults);
      const language = languageOf(locale);
      const tag = (language && localeTag(locale)) || organisation.locale;
      const zone = timeZone && isTimeZone(timeZone) ? timeZone : organisation.timeZone;
      return new Voice(tag, language ?? organisation.language, zone, organisation);
    },
  });
}

/** The organisation's own voice: DEFAULT_LOCALE in DEFAULT_TIME_ZONE (English, UTC if unusable). */
export function channelVoice(defaults: VoiceDefaults = ENGLISH): Voice {
  const id = `channel\u0000${defaults.locale}\u0000${defaults.timeZone}`;
  return voices.memo(id, {
    context: () => {
      const language = languageOf(defaults.locale);
      const tag = (language && localeTag(defaults.locale)) || 'en';
      const zone = isTimeZone(defaults.timeZone) ? defaults.timeZone : 'UTC';
      return new Voice(tag, language ?? 'en', zone);
    },
  });
}

/** English in UTC: tests, and the words of what stays machine-readable (the audit trail). */
export const english = channelVoice(ENGLISH);
