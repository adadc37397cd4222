/**
 * The terminal's side of the poller: a new task is printed as it arrives, a message update is
 * printed again under an "Update" title (a terminal cannot edit what it printed). The notifier
 * remembers which state of each task the terminal already shows — from the start-up list, a
 * `tasks` answer, or the person's own decision — and stays quiet when a post or update would
 * only repeat it. The terminal is one person's chat: a message to someone else linked on it (a
 * colleague in the demo) is shown in one line naming them, when it tells them something; cards
 * they are asked to decide, and edits of them, stay theirs.
 */
import { voiceFor } from '../../src/core/i18n/voice.ts';
import type { Destination, Lookup, MessageRef, Notifier } from '../../src/core/notifier.ts';
import type { Reply, TaskState } from '../../src/core/reply.ts';

const cardsOf = (reply: Reply) =>
  reply.blocks.flatMap((block) => (block.kind === 'task' ? [block.card] : []));

export interface ShellNotifierOptions {
  /** The chat user id of the terminal's person (their e-mail address, lower-cased). */
  person: string;
  /** The terminal's language (LC_ALL, LC_MESSAGES, LANG), when it has one. */
  locale?: string;
}

export class ShellNotifier implements Notifier {
  readonly platform = 'shell' as const;
  readonly #print: (reply: Reply) => void;
  readonly #person: string;
  readonly #locale: string | undefined;
  /** The state each task was last shown in. */
  readonly #shown = new Map<string, TaskState>();
  #sent = 0;

  /** `print` writes a reply to the terminal; replies printed by others go through `saw`. */
  constructor(print: (reply: Reply) => void, options: ShellNotifierOptions) {
    this.#print = print;
    this.#person = options.person;
    this.#locale = options.locale;
  }

  /** Remembers the task states a reply printed on the terminal shows. */
  saw(reply: Reply): void {
    for (const card of cardsOf(reply)) this.#shown.set(card.taskId, card.state);
    for (const { taskId, state } of reply.reported ?? []) this.#shown.set(taskId, state);
  }

  async post(to: Destination, message: Reply): Promise<MessageRef> {
    if (this.#isOther(to)) this.#showSentTo(to, message);
    else if (!this.#showsAll(message, () => true)) this.#show(to, message);
    return { platform: this.platform, destination: to, data: { message: ++this.#sent } };
  }

  /** An outcome already shown is not repeated; a pending card (a reminder) always is. */
  async update(ref: MessageRef, message: Reply): Promise<void> {
    if (this.#isOther(ref.destination)) return;
    if (this.#showsAll(message, (state) => state !== 'pending')) return;
    const title = message.title ?? voiceFor(message.locale).t('render.shell.update');
    this.#show(ref.destination, { ...message, title });
  }

  /** The terminal prints every update, so a reminder's update has already reached the person. */
  async followUp(): Promise<void> {}

  /** What was printed cannot be read back. */
  async find(): Promise<Lookup> {
    return { kind: 'unknown' };
  }

  /** The terminal tells no time zone: the poller uses DEFAULT_TIME_ZONE. */
  async timeZoneOf(): Promise<string | undefined> {
    return undefined;
  }

  async localeOf(): Promise<string | undefined> {
    return this.#locale;
  }

  #showsAll(message: Reply, counts: (state: TaskState) => boolean): boolean {
    const cards = cardsOf(message);
    return (
      cards.length > 0 &&
      cards.every((card) => counts(card.state) && this.#shown.get(card.taskId) === card.state)
    );
  }

  #isOther(to: Destination): to is Extract<Destination, { kind: 'user' }> {
    return to.kind === 'user' && to.chatUserId !== this.#person;
  }

  /** One line: who was sent what (a card to decide is theirs alone, and not shown). */
  #showSentTo(to: Extract<Destination, { kind: 'user' }>, message: Reply): void {
    if (cardsOf(message).some((card) => card.buttons.length)) return;
    const title = message.title ?? message.summary;
    const line = voiceFor(message.locale).t('render.shell.sentTo', {
      person: to.chatUserId,
      title,
    });
    this.#print({ ...message, title: line, blocks: [] });
  }

  #show(to: Destination, message: Reply): void {
    const where = to.kind === 'channel' ? `#${to.channelId}: ` : '';
    this.#print(where ? { ...message, title: `${where}${message.title ?? ''}` } : message);
    this.saw(message);
  }
}
