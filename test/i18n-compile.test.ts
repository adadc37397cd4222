/**
 * Messages said without intl-messageformat say exactly what it says: every message of every
 * catalog, with values that reach each branch (each select key and one that is not a key, plural
 * counts of every form, exact `=n` counts), text with ICU's own characters, numbers and nothing
 * where a name goes — once through `compile`, once through a voice, and always compared with
 * intl-messageformat itself.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { catalogs, LANGUAGES } from '../src/core/i18n/catalogs.ts';
import { compile, formattersFor } from '../src/core/i18n/compile.ts';
import { en } from '../src/core/i18n/en.ts';
import { type MessageKey, voiceFor } from '../src/core/i18n/voice.ts';

const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;

interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
}

type Values = Record<string, unknown>;

/** Each placeholder once, by name: its kind, and a select's keys or a plural's. */
function placeholders(elements: readonly Element[], found = new Map<string, Element>()) {
  for (const e of elements) {
    if (e.type !== ARGUMENT && e.type !== SELECT && e.type !== PLURAL) continue;
    // A name also used plainly is varied as its select's or plural's.
    if (!found.has(e.value!) || e.type !== ARGUMENT) found.set(e.value!, e);
    for (const option of Object.values(e.options ?? {})) placeholders(option.value, found);
  }
  return found;
}

const TEXTS = ['«x»', '', "it's {odd} # <b>1</b>", ' spaced  out ', '1,234'];
const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 100, 1234, 1234567, 1.5, -1];

/** The values to try: a base of every placeholder, and each one varied on its own. */
function samples(found: Map<string, Element>): Values[] {
  const alternatives = (e: Element): unknown[] => {
    if (e.type === PLURAL) {
      const exact = Object.keys(e.options!).flatMap((k) =>
        k.startsWith('=') ? [+k.slice(1)] : [],
      );
      return [...NUMBERS, ...exact];
    }
    if (e.type === SELECT) return [...Object.keys(e.options!), 'not-a-branch'];
    return [...TEXTS, ...NUMBERS, undefined, null];
  };
  const base = Object.fromEntries([...found].map(([name, e]) => [name, alternatives(e)[0]]));
  const varied = [...found].flatMap(([name, e]) =>
    alternatives(e).map((value) => ({ ...base, [name]: value })),
  );
  return [base, ...varied];
}

const keys = Object.keys(en) as MessageKey[];

describe.each(LANGUAGES)('every %s message', (language) => {
  const formatters = formattersFor(language);

  it.each(keys)('%s says what intl-messageformat says', (key) => {
    const slow = new IntlMessageFormat(catalogs[language][key], language, undefined, {
      ignoreTag: true,
    });
    const fast = compile(slow.getAst(), formatters);
    // Our catalogs use nothing it leaves to intl-messageformat.
    expect(fast).toBeDefined();
    const voice = voiceFor(language);
    for (const values of samples(placeholders(slow.getAst() as Element[]))) {
      const expected = String(slow.format(values as Record<string, string | number>));
      expect(fast!(values), JSON.stringify(values)).toBe(expected);
      const t = voice.t as (key: MessageKey, values: Values) => string;
      expect(t(key, values)).toBe(expected);
    }
  });
});

describe('what is left to intl-messageformat', () => {
  const formatters = formattersFor('en');
  const both = (message: string) => {
    const slow = new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true });
    return { slow, fast: compile(slow.getAst(), formatters) };
  };

  it('is nothing of the shapes our catalogs could take next: exact counts, nesting, `#`', () => {
    const messages = [
      '{n, plural, =0 {none} =1 {just one} one {# item} other {# items}}',
      '{n, plural, one {{k, select, a {# a} other {# and {name}}}} other {{k, select, a {#} other {}}}}',
      "'{literal}' '#' {n, plural, other {'#' #''#}}",
      '',
    ];
    for (const message of messages) {
      const { slow, fast } = both(message);
      for (const n of [0, 1, 2, 1000, 1.5]) {
        for (const k of ['a', 'b']) {
          const values = { n, k, name: 'N' };
          expect(fast!(values), `${message} ${n} ${k}`).toBe(String(slow.format(values)));
        }
      }
    }
  });

  it('is a message with a number, date or time format', () => {
    for (const message of ['{n, number}', 'On {d, date}', 'At {d, time, short}']) {
      expect(both(message).fast, message).toBeUndefined();
    }
  });

  it('is a value it would not say as text: missing, an object, true, a select on a number', () => {
    const { fast } = both('{a}{b, select, yes {Y} other {N}}{c, plural, one {# x} other {# xs}}');
    const fine = { a: 'A', b: 'yes', c: 1 };
    expect(fast!(fine)).toBe('AY1 x');
    expect(fast!(undefined)).toBeUndefined();
    expect(fast!({ b: 'yes', c: 1 })).toBeUndefined();
    expect(fast!({ ...fine, a: { toString: () => 'A' } })).toBeUndefined();
    expect(fast!({ ...fine, a: true })).toBeUndefined();
    expect(fast!({ ...fine, b: 1 })).toBeUndefined();
    expect(fast!({ ...fine, c: '1' })).toBeUndefined();
  });

  it('still says it, or fails as it fails', () => {
    const v = voiceFor('en');
    const t = v.t as (key: MessageKey, values?: Values) => string;
    expect(() => t('tasks.title', {})).toThrow(/count/);
    expect(t('tasks.title', { count: 'one' })).toBe('You have NaN pending tasks');
    expect(t('card.title.offboardingStep', { step: true })).toBe('Offboarding: ,true');
  });
});
