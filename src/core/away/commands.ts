/** The commands of absences; the day is read later, in the person's own time zone (away.ts). */
import { z } from 'zod';
import { fail, type Parsed, splitFree, tooLong } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';

/** The note of an absence, at most. */
export const MAX_AWAY_NOTE_LENGTH = 200;

export const AwayCommands = [
  z.object({
    name: z.literal('away'),
    /** The day as typed, read in the person's zone when the command runs. */
    until: z.string().min(1).max(60),
    note: z.string().min(1).max(MAX_AWAY_NOTE_LENGTH).optional(),
  }),
  z.object({ name: z.literal('back') }),
] as const;
export type AwayCommand = z.infer<(typeof AwayCommands)[number]>;

/** `away until <day> [-- note]`. */
export function parseAway(v: Voice, args: string): Parsed<AwayCommand> {
  const { head, free } = splitFree(args);
  const until = /^until\s+(.+)$/i.exec(head)?.[1]?.trim();
  if (!until || until.length > 60)
    return fail(v.t('parse.awayUsage', { usage: v.t('usage.away') }));
  const note = free || undefined;
  if (note && note.length > MAX_AWAY_NOTE_LENGTH) {
    return tooLong(v, 'note', note, MAX_AWAY_NOTE_LENGTH);
  }
  return { ok: true, command: { name: 'away', until, ...(note && { note }) } };
}
