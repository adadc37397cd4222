/**
 * Questions to a task's requester: the `ask` and `answer` commands, and the forms of a card
 * ("Ask the requester") and of a question ("Answer"). Only a task's approver asks, and only its
 * requester answers, once.
 */
import type { Actors } from '../actor.ts';
import type { ChatActor } from '../identity.ts';
import type { Reply } from '../reply.ts';
import type { TaskRefs } from '../tasks/index.ts';
import type { Handlers, Turn } from '../turn.ts';
import { type AskDeps, answerQuestion, answerTyped, askRequester } from './ask.ts';
import type { AskCommand } from './commands.ts';

export interface AskDeskDeps extends AskDeps {
  actors: Actors;
  /** The tasks a person's references name (tasks' own reading of them). */
  taskIds: (turn: Turn, refs: TaskRefs) => Promise<string[] | Reply>;
}

export class AskDesk {
  readonly #d: AskDeskDeps;

  readonly commands: Handlers<AskCommand> = {
    ask: async (turn, c) => {
      const ids = await this.#d.taskIds(turn, [c.task]);
      if (!Array.isArray(ids)) return ids;
      return askRequester(this.#d, await turn.link(), turn.v, ids[0]!, c.question);
    },
    answer: async (turn, c) =>
      answerTyped(this.#d, await turn.link(), turn.actor, turn.v, c.question, c.text),
  };

  constructor(deps: AskDeskDeps) {
    this.#d = deps;
  }

  /** A question from a card's form: the task must wait in the actor's own list. */
  ask(actor: ChatActor, taskId: string, question: string): Promise<Reply> {
    return this.#d.actors.reply(actor, (link, v) =>
      askRequester(this.#d, link, v, taskId, question),
    );
  }

  /** An answer from the question's form: only its requester's, once. */
  answer(actor: ChatActor, questionId: string, text: string): Promise<Reply> {
    return this.#d.actors.reply(actor, (link, v) =>
      answerQuestion(this.#d, link, v, questionId, text),
    );
  }
}
