/** Questions to a task's requester: `ask`, `answer`, and their forms. */
import type { Actors } from '../actor.ts';
import type { ChatActor } from '../identity.ts';
import type { Reply } from '../reply.ts';
import type { TaskRefs } from '../tasks/index.ts';
import type { Handlers, Turn } from '../turn.ts';
import { type AskDeps, answerQuestion, answerTyped, askRequester } from './ask.ts';
import type { AskCommand } from './commands.ts';

export interface AskDeskDeps extends AskDeps {
  actors: Actors;
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

  ask(actor: ChatActor, taskId: string, question: string): Promise<Reply> {
    return this.#d.actors.reply(actor, (link, v) =>
      askRequester(this.#d, link, v, taskId, question),
    );
  }

  answer(actor: ChatActor, questionId: string, text: string): Promise<Reply> {
    return this.#d.actors.reply(actor, (link, v) =>
      answerQuestion(this.#d, link, v, questionId, text),
    );
  }
}
