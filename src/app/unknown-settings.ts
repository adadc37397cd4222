/**
 * Environment variables in accessbot's namespaces (the first word of each setting, `MicrosoftApp`)
 * that are no setting: a misspelled one would otherwise be ignored, its default silently used.
 * Names other software sets (`NODE_…`, Kubernetes' service links) are left alone.
 */
import { closest } from '../core/match.ts';
import { settings } from './settings.ts';

/** Read by accessbot's other programs (`npm run sandbox`, `npm run teams:package`), not the server. */
export const toolVariables = [
  'SANDBOX_PORT',
  'SANDBOX_PAGE_SIZE',
  'SANDBOX_WEBHOOK_URL',
  'SANDBOX_WEBHOOK_SECRET',
  'TEAMS_BOT_DOMAIN',
  'TEAMS_DEVELOPER_NAME',
  'TEAMS_WEBSITE_URL',
  'TEAMS_PRIVACY_URL',
  'TEAMS_TERMS_URL',
];

/** Namespaces shared with other software: a name there is not ours unless it is a setting. */
const shared = new Set(['NODE_']);

const names = Object.keys(settings);
const known = new Set([...names, ...toolVariables]);
const knownLower = new Map(names.map((name) => [name.toLowerCase(), name]));

const namespaceOf = (name: string) => /^[A-Z]+_|^[A-Z][a-z]+[A-Z][a-z]+/.exec(name)?.[0];

const namespaces = new Set(
  names.map(namespaceOf).filter((ns): ns is string => !!ns && !shared.has(ns)),
);

/** Kubernetes' "service links", set for each service in the namespace. */
const serviceLink =
  /_(SERVICE_HOST|SERVICE_PORT(_\w+)?|PORT(_\d+_(TCP|UDP|SCTP)(_PROTO|_PORT|_ADDR)?)?)$/;

const ours = (name: string) => {
  if (knownLower.has(name.toLowerCase())) return true;
  const namespace = namespaceOf(name);
  return !!namespace && namespaces.has(namespace) && !serviceLink.test(name);
};

/** The setting `name` most likely meant: a slip is a few characters, never a third of the name. */
const meantBy = (name: string) =>
  knownLower.get(name.toLowerCase()) ??
  closest(name, names, Math.min(3, Math.floor(name.length / 3)));

/** An empty variable is unset, as everywhere. */
export function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== '' && !known.has(name) && ours(name))
    .map(([name]) => name)
    .sort()
    .map((name) => {
      const meant = meantBy(name);
      return meant
        ? `unknown setting ${name} — did you mean ${meant}?`
        : `unknown setting ${name} — not one of accessbot’s settings (docs/configuration.md)`;
    });
}
