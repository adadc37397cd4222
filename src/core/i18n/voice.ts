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
import { type Catalog, catalogs, LANGUAGES, type Language } from './catalogs.ts';
import { compile, formattersFor, type Said } from './compile.ts';
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

/** By language, then key: a key joined to its language would be a new string to hash each time. */
const perLanguage = <V>() => new Map(LANGUAGES.map((l) => [l, new Map<MessageKey, V>()]));

interface Message {
  /** What intl-messageformat says; the only voice of what `fast` cannot say. */
  slow: IntlMessageFormat;
  fast: Said | undefined;
}

const compiled = perLanguage<Message>();
/** Messages without placeholders, once formatted: labels are said on every card. */
const fixed = perLanguage<string>();

const formatters = new Map(LANGUAGES.map((l) => [l, formattersFor(l)]));

function messageOf(language: Language, key: MessageKey): Message {
  let message = compiled.get(language)!.get(key);
  if (!message) {
    const catalog: Catalog = catalogs[language];
    // Tags mean nothing in our messages: `<reason>` is text a person types.
    const slow = new IntlMessageFormat(catalog[key], language, undefined, { ignoreTag: true });
    message = { slow, fast: compile(slow.getAst(), formatters.get(language)!) };
    compiled.get(language)!.set(key, message);
  }
  return message;
}

function format(language: Language, key: MessageKey, values: object | undefined): string {
  const said = values ? undefined : fixed.get(language)!.get(key);
  if (said !== undefined) return said;
  const message = messageOf(language, key);
  const text =
    message.fast?.(values as Record<string, unknown> | undefined) ??
    String(message.slow.format(values as Record<string, string | number> | undefined));
  if (!values) fixed.get(language)!.set(key, text);
  return text;
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
  readonly #list: Intl.ListFormat;
  /**
   * What was said lately: the same tasks' times and titles are said on every list and card, and
   * formatting a date or a list costs far more than finding it again.
   */
  readonly #times = new LRUCache<string, string>({ max: 64 });
  readonly #lists = new LRUCache<string, string>({ max: 16 });

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
    this.#list = new Intl.ListFormat(locale, { type: 'conjunction' });
  }

  /** The message `key` in this voice's language, with its placeholders filled. */
  readonly t = <K extends MessageKey>(key: K, ...values: ValuesArg<K>): string =>
    format(this.language, key, values[0]);

  /** A date and time in this person's zone, its zone named: `22. Nov. 2026, 15:05 MEZ`. */
  time(value: Date | string): string {
    if (typeof value !== 'string') return this.#timeOf(value);
    let said = this.#times.get(value);
    if (said === undefined) {
      said = this.#timeOf(new Date(value), value);
      this.#times.set(value, said);
    }
    return said;
  }

  #timeOf(date: Date, value: Date | string = date): string {
    return Number.isNaN(date.getTime()) ? String(value) : this.#time.format(date);
  }

  /** The time of day in this person's zone: `6:01 PM`, `18:01`. */
  clock(value: Date): string {
    return this.#clock.format(value);
  }

  /** `3 days`, `5 hours`, `40 minutes`: the largest whole unit, as a person would say it. */
  age(ms: number): string {
    const minutes = Math.max(0, Math.floor(ms / 60_000));
    const [count, unit] =
      minutes >= 2 * 24 * 60
        ? [Math.floor(minutes / (24 * 60)), 'day']
        : minutes >= 2 * 60
          ? [Math.floor(minutes / 60), 'hour']
          : [minutes, 'minute'];
    if (!count) return this.t('time.underAMinute');
    return new Intl.NumberFormat(this.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
      count,
    );
  }

  /** `A, B and C` as the language joins them. */
  list(items: readonly string[]): string {
    // JSON keeps items apart whatever they hold.
    const key = JSON.stringify(items);
    let said = this.#lists.get(key);
    if (said === undefined) {
      said = this.#list.format(items);
      this.#lists.set(key, said);
    }
    return said;
  }
}

/**
 * Voices by what was asked for, as it was said: every reply asks again (each card of a list), and
 * making sense of a locale and a time zone (Intl checks them by building formatters) costs more
 * than speaking.
 */
const voices = new LRUCache<string, Voice>({ max: 1_000 });

function remembered(id: string, make: () => Voice): Voice {
  let voice = voices.get(id);
  if (!voice) {
    voice = make();
    voices.set(id, voice);
  }
  return voice;
}

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
  return remembered(id, () => {
    const organisation = channelVoice(defaults);
    const language = languageOf(locale);
    const tag = (language && localeTag(locale)) || organisation.locale;
    const zone = timeZone && isTimeZone(timeZone) ? timeZone : organisation.timeZone;
    return new Voice(tag, language ?? organisation.language, zone, organisation);
  });
}

/** The organisation's own voice: DEFAULT_LOCALE in DEFAULT_TIME_ZONE (English, UTC if unusable). */
export function channelVoice(defaults: VoiceDefaults = ENGLISH): Voice {
  return remembered(`channel\u0000${defaults.locale}\u0000${defaults.timeZone}`, () => {
    const language = languageOf(defaults.locale);
    const tag = (language && localeTag(defaults.locale)) || 'en';
    const zone = isTimeZone(defaults.timeZone) ? defaults.timeZone : 'UTC';
    return new Voice(tag, language ?? 'en', zone);
  });
}

/** English in UTC: tests, and the words of what stays machine-readable (the audit trail). */
export const english = channelVoice(ENGLISH);
