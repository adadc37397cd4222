/** The environment variables accessbot reads: the settings of src/app/settings.ts. */
import { settings } from '../../src/app/settings.ts';

export const configVariables: ReadonlySet<string> = new Set(Object.keys(settings));
