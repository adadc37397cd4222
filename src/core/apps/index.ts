/** What other features may use of applications: the catalog, their names, their sensitivity. */
export { AppGroups } from './app-groups.ts';
export type { AppCatalog } from './catalog.ts';
export { type Choice, choiceOf } from './choices.ts';
export { findApp, quoted } from './find-app.ts';
export { SensitiveApps, type Sensitivity, type SensitivityConfig } from './sensitivity.ts';
