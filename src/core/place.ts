/** Where a command was typed, as far as its platform can tell the core. */
import type { MentionLookup } from './find-person.ts';

export interface Place {
  /** Absent in a direct chat and in the terminal. */
  channelId?: string;
  /** Absent where nobody can be mentioned. */
  mention?: MentionLookup;
  /** The next line reaches the bot (terminal, Teams chat), so a question may wait for it. */
  conversation?: boolean;
}
