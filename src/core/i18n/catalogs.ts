/**
 * The message catalogs, one a language: English is the source (its texts type every call of
 * `t`), German and Japanese translate every key of it.
 */
import { de } from './de.ts';
import { type Catalog, en } from './en.ts';
import { ja } from './ja.ts';

export const LANGUAGES = ['en', 'de', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export type { Catalog };

export const catalogs: Record<Language, Catalog> = { en, de, ja };
