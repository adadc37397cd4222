/** Requesting access: `request`, `requests`, `nudge`, and the request form and its pickers. */
import type { Actors } from '../actor.ts';
import type { AppCatalog, Choice } from '../apps/index.ts';
import type { ChatActor } from '../identity.ts';
import type { Answer, Reply } from '../reply.ts';
import type { Handlers } from '../turn.ts';
import type { RequestCommand } from './commands.ts';
import {
  type FormOutcome,
  type RequestDeps,
  type RequestForm,
  requestByForm,
  requestTyped,
} from './request.ts';
import type { Requesters } from './requesters.ts';

export interface RequestDeskDeps extends RequestDeps {
  actors: Actors;
  catalog: AppCatalog;
  requesters: Requesters;
}

export class RequestDesk {
  readonly #d: RequestDeskDeps;

  readonly commands: Handlers<RequestCommand> = {
    request: async ({ v, link, place }, c) =>
      requestTyped(
        { ...this.#d, mention: place.mention },
        v,
        await link(),
        c.target,
        c.justification,
        c.for,
      ),
    requests: async ({ actor, v, link }) => this.#d.requesters.list(await link(), actor, v),
    nudge: async ({ actor, v, link }, c) =>
      this.#d.requesters.nudge(await link(), actor, v, c.request),
  };

  constructor(deps: RequestDeskDeps) {
    this.#d = deps;
  }

  /** As `requests` answers. */
  list(actor: ChatActor): Promise<Reply> {
    return this.#d.actors.as(
      actor,
      (link, v) => this.#d.requesters.list(link, actor, v),
      (reply) => reply,
    );
  }

  searchApps(actor: ChatActor, typed: string, limit: number): Promise<Answer<Choice[]>> {
    return this.#d.actors.answer(actor, (link) =>
      this.#d.catalog.search(link.accessUserId, typed, limit),
    );
  }

  levels(actor: ChatActor, appId: string, typed = ''): Promise<Answer<Choice[]>> {
    return this.#d.actors.answer(actor, (link) =>
      this.#d.catalog.levels(link.accessUserId, appId, typed),
    );
  }

  /** The app and level are read again from the service. */
  submit(actor: ChatActor, form: RequestForm): Promise<FormOutcome> {
    const done = (reply: Reply) => ({ kind: 'done', reply }) as const;
    return this.#d.actors.act(actor, (link, v) => requestByForm(this.#d, v, link, form), done);
  }
}
