/** What the Slack adapter is started with (from SLACK_* variables). */
export interface SlackSettings {
  botToken: string;
  /** HTTP mode: checks every request's signature. */
  signingSecret?: string;
  /** Socket Mode instead of HTTP when set. */
  appToken?: string;
  /** The Web API's base URL; tests point it at a local fake. */
  apiUrl: string;
  /** The slash command's name, e.g. `/access`. */
  command: string;
}
