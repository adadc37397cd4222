/** What other features may use of requests: the application catalog and its choices. */
export { type AppCatalog, appMatches } from './catalog.ts';
export { type Choice, choiceOf } from './choices.ts';
export { findApp } from './request.ts';
export { DefaultApps } from './visibility.ts';
