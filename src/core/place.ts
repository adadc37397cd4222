/** Where a command was typed, as far as its platform can tell the core. */
import type { MentionLookup } from './find-person.ts';

export interface Place {
  /** The channel or group chat; absent in a direct chat and in the terminal. */
  channelId?: string;
  /** How a person mentioned in the command is reached; absent where nobody can be mentioned. */
  mention?: MentionLookup;
  /**
   * The person's next line reaches the bot as it is (the terminal, a Teams chat), so a question
   * may wait for it; absent where each command stands alone (Slack's slash command).
   */
  conversation?: boolean;
}
