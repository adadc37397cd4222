/**
 * The message catalogs, one a language: English is the source (its texts type every call of
 * `t`), German and Japanese translate every key of it.
 */
import { de } from './de.ts';
import { en } from './en.ts';
import { ja } from './ja.ts';

export const LANGUAGES = ['en', 'de', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Every key of the English catalog, each an ICU MessageFormat text. */
export type Catalog = { readonly [K in keyof typeof en]: string };

export const catalogs: Record<Language, Catalog> = { en, de, ja };
