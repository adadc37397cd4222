/**
 * The catalogs agree: every language has every key of the English catalog and no other, each
 * message parses as ICU MessageFormat, takes the same placeholders (of the same kind) as the
 * English one, chooses on the same select branches, and gives every plural the forms its
 * language needs (English and German `one` and `other`, Japanese `other`). Every message
 * formats in every language; Japanese puts no space between its words. A missing key or a wrong
 * placeholder is also a type error for English, which the last test shows.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { catalogs, LANGUAGES } from '../../../src/core/i18n/catalogs.ts';
import { en } from '../../../src/core/i18n/en.ts';
import { english, type MessageKey, voiceFor } from '../../../src/core/i18n/voice.ts';

/** The element types of intl-messageformat's syntax tree. */
const LITERAL = 0;
const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const KIND: Record<number, string> = {
  1: 'argument',
  2: 'number',
  3: 'date',
  4: 'time',
  5: 'select',
  6: 'plural',
};

interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
}

/** What a message's placeholders are, by name: the kind, and a select's branches or a plural's. */
function shapeOf(
  elements: readonly Element[],
  found = new Map<string, string>(),
  plurals: string[][] = [],
) {
  for (const e of elements) {
    if (e.type === LITERAL || e.type === POUND) continue;
    const kind = KIND[e.type] ?? `type ${e.type}`;
    const branches = Object.keys(e.options ?? {});
    const said = e.type === SELECT ? `${kind} ${branches.sort().join('|')}` : kind;
    const seen = found.get(e.value!);
    // A placeholder may recur (an app named twice): always as the same kind.
    found.set(e.value!, seen && seen !== said ? `${seen} and ${said}` : said);
    if (e.type === PLURAL) plurals.push(branches);
    for (const option of Object.values(e.options ?? {})) shapeOf(option.value, found, plurals);
  }
  return { found, plurals };
}

/** A sample value: counts are 2, flags say yes, anything else a marked name. */
function valueFor(name: string, kind: string): string | number {
  if (kind === 'plural' || kind === 'number') return 2;
  return kind.startsWith('select') ? 'yes' : `«${name}»`;
}

/** The plain placeholders in the branches `values` choose. */
function reached(elements: readonly Element[], values: Record<string, unknown>): string[] {
  return elements.flatMap((e) => {
    if (e.type === ARGUMENT) return [e.value!];
    if (e.type !== SELECT && e.type !== PLURAL) return [];
    const options = e.options ?? {};
    const chosen = e.type === SELECT ? String(values[e.value!]) : 'other';
    return reached((options[chosen] ?? options.other)?.value ?? [], values);
  });
}

/** Every text a message can say, its placeholders shown as `«name»` (capped: all of them here). */
function variants(elements: readonly Element[]): string[] {
  let said = [''];
  for (const e of elements) {
    const parts =
      e.type === LITERAL
        ? [e.value!]
        : e.type === POUND
          ? ['2']
          : e.options
            ? Object.values(e.options).flatMap((option) => variants(option.value))
            : [`«${e.value}»`];
    said = said.flatMap((before) => parts.map((part) => before + part)).slice(0, 10_000);
  }
  return said;
}

const parse = (message: string, language: string) =>
  new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst() as Element[];

const keys = Object.keys(en) as MessageKey[];

describe('the message catalogs', () => {
  it('have the same keys in every language', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(catalogs[language]).sort(), language).toEqual([...keys].sort());
    }
  });

  describe.each(LANGUAGES.filter((l) => l !== 'en'))('%s', (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

    it.each(keys)('%s: the same placeholders and branches as English', (key) => {
      const source = shapeOf(parse(en[key], 'en'));
      const translated = shapeOf(parse(catalogs[language][key], language));
      expect(Object.fromEntries(translated.found)).toEqual(Object.fromEntries(source.found));
      for (const branches of translated.plurals) {
        for (const category of needed) expect(branches, key).toContain(category);
        expect(branches, key).toContain('other');
      }
    });
  });

  it('give English plurals their `one` and `other`', () => {
    for (const key of keys) {
      for (const branches of shapeOf(parse(en[key], 'en')).plurals) {
        expect(branches, key).toEqual(expect.arrayContaining(['one', 'other']));
      }
    }
  });

  it('format every message in every language, its values in their places', () => {
    for (const language of LANGUAGES) {
      for (const key of keys) {
        const { found } = shapeOf(parse(en[key], 'en'));
        const values = Object.fromEntries(
          [...found].map(([name, kind]) => [name, valueFor(name, kind)]),
        );
        const message = catalogs[language][key];
        const said = String(
          new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).format(values),
        );
        for (const name of reached(parse(message, language), values)) {
          expect(said, `${language} ${key}`).toContain(`«${name}»`);
        }
      }
    }
  });

  it('put no space between Japanese words, wherever a message’s branches meet', () => {
    const japanese = '[\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Han}ー「」、。]';
    const spaced = new RegExp(`${japanese} +${japanese}`, 'u');
    for (const key of keys) {
      for (const said of variants(parse(catalogs.ja[key], 'ja'))) {
        expect(said, key).not.toMatch(spaced);
      }
    }
  });

  it('type-check English: a missing value or a wrong placeholder does not compile', () => {
    expect(english.t('decide.gone')).toBe('That task no longer exists.');
    expect(english.t('tasks.title', { count: 1 })).toBe('You have 1 pending task');
    expect(voiceFor('de-DE').t('tasks.title', { count: 2 })).toBe('Sie haben 2 offene Aufgaben');
    expect(voiceFor('ja-JP').t('tasks.title', { count: 1 })).toBe('未処理のタスクが 1 件あります');
    // Run anyway, each goes wrong.
    // @ts-expect-error -- the message takes `count`, not `n`.
    expect(() => english.t('tasks.title', { n: 1 })).toThrow();
    // @ts-expect-error -- a plural's value is a number (at run time: "NaN pending tasks").
    expect(english.t('tasks.title', { count: 'one' })).toContain('NaN');
    // @ts-expect-error -- no such key.
    expect(() => english.t('tasks.titel')).toThrow();
    // @ts-expect-error -- the message has placeholders to fill.
    expect(() => english.t('request.done')).toThrow();
  });
});
