/**
 * The terminal's side of the poller. A terminal cannot edit what it printed, so an update is
 * printed again under an "Update" title, and nothing is printed that would only repeat what the
 * terminal already shows. A message to someone else (a colleague in the demo) is one line naming
 * them; cards they are asked to decide stay theirs.
 */
import { voiceFor } from '../../src/core/i18n/voice.ts';
import type { Destination, Lookup, MessageRef, Notifier } from '../../src/core/notifier.ts';
import type { Reply, TaskCard, TaskState } from '../../src/core/reply.ts';

const cardsOf = (reply: Reply) =>
  reply.blocks.flatMap((block) => (block.kind === 'task' ? [block.card] : []));

/** Rows to decide outside a task card (an access review card's Keep and Revoke). */
const decides = (reply: Reply) =>
  reply.blocks.some(
    (block) =>
      block.kind === 'actions' &&
      block.buttons.some((b) => b.action === 'approve' || b.action === 'decline'),
  );

/** While a task waits: what its card said, and which lines beside it (values move with time). */
interface Shown {
  state: TaskState;
  view?: string;
  /** Unset for a card of a list, which shows nothing beside its tasks. */
  beside?: string;
}

/** In a fixed order: a card read back from the store has its keys in another. */
const shownOf = (card: TaskCard): Shown => ({
  state: card.state,
  view:
    card.state === 'pending'
      ? JSON.stringify([
          card.title,
          card.warning,
          card.fields.map((f) => [f.label, f.value]),
          card.looking,
          card.notes,
          card.outcome,
        ])
      : undefined,
  beside: card.number ? undefined : JSON.stringify(card.context?.map((f) => f.label) ?? []),
});

const sameView = (now: Shown, shown: Shown) =>
  now.state === shown.state &&
  now.view === shown.view &&
  (now.state !== 'pending' || shown.beside === undefined || now.beside === shown.beside);

interface ShellNotifierOptions {
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
  readonly #shown = new Map<string, Shown>();
  #sent = 0;

  /** `print` writes a reply to the terminal; replies printed by others go through `saw`. */
  constructor(print: (reply: Reply) => void, options: ShellNotifierOptions) {
    this.#print = print;
    this.#person = options.person;
    this.#locale = options.locale;
  }

  saw(reply: Reply): void {
    for (const card of cardsOf(reply)) this.#shown.set(card.taskId, shownOf(card));
    for (const { taskId, state } of reply.reported ?? []) this.#shown.set(taskId, { state });
  }

  async post(to: Destination, message: Reply): Promise<MessageRef> {
    if (this.#isOther(to)) this.#showSentTo(to, message);
    else if (!this.#showsAll(message, (card, shown) => shown.state === card.state)) {
      this.#show(to, message);
    }
    return { platform: this.platform, destination: to, data: { message: ++this.#sent } };
  }

  /** Titled as an update, whatever the message's own title (it announced the task when new). */
  async update(ref: MessageRef, message: Reply): Promise<void> {
    if (this.#isOther(ref.destination)) return;
    if (this.#showsAll(message, (card, shown) => sameView(shownOf(card), shown))) return;
    const title = voiceFor(message.locale).t('render.shell.update');
    this.#show(ref.destination, { ...message, title });
  }

  /** A reminder's nudge: its card, unchanged, was not printed again. */
  async followUp(ref: MessageRef, message: Reply): Promise<void> {
    if (!this.#isOther(ref.destination)) this.#show(ref.destination, message);
  }

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

  /**
   * Whether every task the message tells of is shown as it says: its cards, and the tasks it
   * reports without a card (an access review card's rows, waiting, or its reviews, decided).
   */
  #showsAll(message: Reply, repeats: (card: TaskCard, shown: Shown) => boolean): boolean {
    const cards = cardsOf(message);
    const reported = message.reported ?? [];
    const told = ({ taskId, state }: (typeof reported)[number]) => {
      const shown = this.#shown.get(taskId)?.state;
      return shown !== undefined && (state === 'pending') === (shown === 'pending');
    };
    return (
      cards.length + reported.length > 0 &&
      reported.every(told) &&
      cards.every((card) => {
        const shown = this.#shown.get(card.taskId);
        return shown !== undefined && repeats(card, shown);
      })
    );
  }

  #isOther(to: Destination): to is Extract<Destination, { kind: 'user' }> {
    return to.kind === 'user' && to.chatUserId !== this.#person;
  }

  /** One line: who was sent what (a card to decide is theirs alone, and not shown). */
  #showSentTo(to: Extract<Destination, { kind: 'user' }>, message: Reply): void {
    if (cardsOf(message).some((card) => card.buttons.length) || decides(message)) return;
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
