/**
 * Adaptive Card checks with Microsoft's own `adaptivecards` library (schema 1.5): every parse
 * event and every validation event counts as a problem, warnings included. Loaded through
 * `createRequire` because the package's ESM entry does not import in plain Node.
 */
import { createRequire } from 'node:module';

interface AcEvent {
  event: number;
  message: string;
}
interface AcLib {
  AdaptiveCard: new () => {
    hostConfig: unknown;
    parse(json: unknown, context: unknown): void;
    validateProperties(): { validationEvents: AcEvent[] };
  };
  SerializationContext: new () => { eventCount: number; getEventAt(i: number): AcEvent };
  HostConfig: new (json: unknown) => unknown;
}

const AC = createRequire(import.meta.url)('adaptivecards/dist/adaptivecards.js') as AcLib;

/** Teams-like host: interactive, Universal Actions, type-ahead. */
const hostConfig = new AC.HostConfig({
  supportsInteractivity: true,
  inputs: { allowDynamicallyFilteredChoiceSet: true },
});

export const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';

/** The problems the library finds in one card; empty when it parses cleanly. */
export function cardProblems(json: unknown): string[] {
  const card = new AC.AdaptiveCard();
  card.hostConfig = hostConfig;
  const context = new AC.SerializationContext();
  card.parse(json, context);
  const problems: string[] = [];
  for (let i = 0; i < context.eventCount; i++) problems.push(context.getEventAt(i).message);
  for (const e of card.validateProperties().validationEvents) problems.push(e.message);
  const version = (json as { version?: unknown }).version;
  if (version !== '1.5') problems.push(`card version ${String(version)}, expected 1.5`);
  return problems;
}

/** The Adaptive Cards among an activity's attachments. */
export function cardsOf(activity: { attachments?: { contentType?: string; content?: unknown }[] }) {
  return (activity.attachments ?? [])
    .filter((a) => a.contentType === ADAPTIVE_CARD)
    .map((a) => a.content as Record<string, unknown>);
}
