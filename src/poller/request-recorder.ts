/**
 * The Access client the bot uses, remembering every access request it creates, so that the
 * poller can tell the requester the outcome. Recording at the client means every way of
 * requesting (the command, a platform's form) is covered without each one knowing.
 *
 * When the created access lists the approval tasks it opened (`Access.taskIds`, an assumption of
 * `src/access/schemas.ts`), the first of them carries the decision and its reason. Without it,
 * the access's own status is read instead (and no reason is known).
 */
import { AccessClient, type AccessClientOptions } from '../access/client.ts';
import type { Access, AccessRequest } from '../access/schemas.ts';
import type { Logger } from '../log.ts';
import type { Store } from '../store/store.ts';

export interface RecordingOptions {
  store: Store;
  log: Logger;
  now?: () => Date;
}

export class RequestRecordingClient extends AccessClient {
  readonly #r: RecordingOptions;

  constructor(options: AccessClientOptions, recording: RecordingOptions) {
    super(options);
    this.#r = recording;
  }

  override async createAccess(request: AccessRequest): Promise<Access> {
    const access = await super.createAccess(request);
    try {
      await this.#r.store.recordRequest({
        accessId: access.id,
        accessUserId: request.userId,
        workAppId: request.workAppId,
        taskIds: access.taskIds ?? [],
        requestedAt: this.#r.now?.() ?? new Date(),
      });
    } catch (error) {
      // The request stands in the Access Service; only the outcome message is lost.
      this.#r.log.error({ err: error, accessId: access.id }, 'could not record a request');
    }
    return access;
  }
}
