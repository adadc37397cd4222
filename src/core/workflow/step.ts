/**
 * The "Request application access" workflow step: files the request exactly as `request` does
 * (the same matching of application and level, the same rules for someone else's request, the
 * same audit entries and approver cards), as the person who ran the workflow. What its author
 * must fix ends the run at once with an error in DEFAULT_LOCALE; a request the service refused
 * ends it as `not_filed`; a filed one waits for its decision (outcome.ts). Each run is stored
 * first, by the platform's execution id, so a repeated event files nothing twice.
 */
import { z } from 'zod';
import type { IdentityLink, Platform } from '../../store/store.ts';
import type { Actors } from '../actor.ts';
import type { StepCompletion } from '../completer.ts';
import { NotLinkedError, ProfileUnavailableError } from '../errors.ts';
import type { MentionLookup } from '../find-person.ts';
import { MAX_REASON_LENGTH } from '../grammar.ts';
import { channelVoice, type Voice, type VoiceDefaults } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import { PlatformUnavailableError } from '../notifier.ts';
import { fileRequest, type RequestDeps } from '../requests/index.ts';
import { replyForError } from '../service-errors.ts';
import type { WorkflowStore } from './store.ts';
import type { TellWorkflow } from './tell.ts';

/** The step's inputs as its workflow's author filled them in. */
export const StepInputs = z.object({
  app: z.string().trim().min(1).max(300),
  level: z.string().trim().max(300).optional(),
  justification: z.string().trim().min(1).max(MAX_REASON_LENGTH),
});
export type StepInputs = z.infer<typeof StepInputs>;

export interface StepRun {
  platform: Platform;
  executionId: string;
  /** Who ran the workflow: the request's filer. */
  filer: ChatActor;
  /** Whom it is for, by their chat user id. */
  person: string;
  /** As the platform sent them; checked here. */
  inputs: Record<string, string | undefined>;
  /** How the platform tells who a chat user is. */
  mention: MentionLookup;
}

export interface WorkflowDeps extends RequestDeps {
  actors: Actors;
  store: RequestDeps['store'] & WorkflowStore;
  voices?: VoiceDefaults;
  /** Unset: no workflow steps are run. */
  workflows?: TellWorkflow;
}

const ended = (error: string): StepCompletion => ({ kind: 'error', error });

export class WorkflowDesk {
  readonly #d: WorkflowDeps;

  constructor(deps: WorkflowDeps) {
    this.#d = deps;
  }

  /** Files the run's request, or completes it at once; nothing for a run already started. */
  async run(step: StepRun): Promise<void> {
    const { store, workflows, now, log } = this.#d;
    if (!workflows) return;
    const { executionId, platform } = step;
    if (!(await store.startWorkflowRun({ executionId, platform, startedAt: now() }))) {
      log.info({ executionId }, 'a workflow step seen before: nothing filed again');
      return;
    }
    const v = channelVoice(this.#d.voices);
    let filer: IdentityLink | undefined;
    let completion: StepCompletion | undefined;
    try {
      filer = await this.#d.actors.link(step.filer);
      completion = await this.#file(step, v, filer);
    } catch (error) {
      completion =
        error instanceof NotLinkedError
          ? ended(v.t('workflow.filerNotLinked'))
          : ended(replyForError(v, error, log).summary);
    }
    if (!completion) return;
    const accessUserId = filer?.accessUserId ?? `${platform}:${step.filer.chatUserId}`;
    await workflows.complete({ executionId, platform, accessUserId }, completion);
    await store.closeWorkflowRun(executionId, now());
  }

  /** Undefined: filed, waiting for its decision. */
  async #file(step: StepRun, v: Voice, filer: IdentityLink): Promise<StepCompletion | undefined> {
    const parsed = StepInputs.safeParse(step.inputs);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'app');
      return ended(v.t('workflow.badInput', { field }));
    }
    const { app, level, justification } = parsed.data;
    // A quoted name is one word: the level is only what its own input says.
    const target = app.includes('"') ? app : `"${app}"`;
    const unknown = await this.#unknownPerson(step, v);
    if (unknown) return unknown;
    const deps = { ...this.#d, mention: step.mention };
    const person = { kind: 'mention' as const, chatUserId: step.person };
    const named = level ? `${target} ${level}` : target;
    const filed = await fileRequest(deps, v, filer, named, justification, person);
    if (filed.kind === 'invalid') return ended(filed.reply.summary);
    if (filed.kind === 'refused') {
      return { kind: 'success', outputs: { outcome: 'not_filed', reason: filed.reply.summary } };
    }
    await this.#d.store.noteWorkflowFiled(step.executionId, filed.accessId);
    return undefined;
  }

  /** Said for a workflow's author rather than as `request for` says it to a person typing. */
  async #unknownPerson(step: StepRun, v: Voice): Promise<StepCompletion | undefined> {
    try {
      await this.#d.identity.resolve(await step.mention(step.person));
      return undefined;
    } catch (error) {
      if (error instanceof NotLinkedError) return ended(v.t('workflow.personNotLinked'));
      if (error instanceof ProfileUnavailableError || error instanceof PlatformUnavailableError) {
        return ended(v.t('workflow.personUnavailable'));
      }
      throw error;
    }
  }
}
