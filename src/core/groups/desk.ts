/**
 * The organisation's directory and group membership: `members`, `groups`, `apps` (read-only, for
 * linked people) and `group add|remove|bind|unbind`, whose changes wait for a confirmation.
 */
import type { Handlers } from '../commands.ts';
import type { AppCatalog } from '../requests/index.ts';
import type { GroupDeps } from './deps.ts';
import { appsReply, groupsReply } from './directory.ts';
import { bindChannel, membersHere, requestChange, unbindChannel } from './request.ts';

export class GroupDesk {
  readonly #d: GroupDeps & { catalog: Pick<AppCatalog, 'appsFor'> };

  readonly commands: Handlers<'members' | 'groups' | 'apps' | 'group'> = {
    members: async ({ v, place, link }, c) => membersHere(this.#d, await link(), v, place, c.group),
    groups: async ({ v, link }) => {
      await link();
      return groupsReply(v, this.#d.client);
    },
    apps: async ({ v, link }, c) =>
      appsReply(v, await this.#d.catalog.appsFor((await link()).accessUserId), c.search),
    group: async ({ v, place, link }, c) => {
      const linked = await link();
      if (c.action === 'bind') return bindChannel(this.#d, linked, v, place, c.group);
      if (c.action === 'unbind') return unbindChannel(this.#d, linked, v, place);
      return requestChange(this.#d, linked, v, place, c.action, c.target);
    },
  };

  constructor(deps: GroupDeps & { catalog: Pick<AppCatalog, 'appsFor'> }) {
    this.#d = deps;
  }
}
