import type { Catalog } from './catalogs.ts';
import { en } from './en.ts';

export const de: Catalog = { ...en };
