/** The group commands: `members` and `groups` read, `group …` changes wait for a confirmation. */
import type { z } from 'zod';
import type { Handlers } from '../turn.ts';
import type { GroupCommand, GroupsCommand, MembersCommand } from './commands.ts';
import type { GroupDeps } from './deps.ts';
import { groupsReply } from './directory.ts';
import { bindChannel, membersHere, requestChange, unbindChannel } from './request.ts';

export const groupCommands = (
  d: GroupDeps,
): Handlers<z.infer<typeof MembersCommand | typeof GroupsCommand> | GroupCommand> => ({
  members: async ({ v, place, link }, c) => membersHere(d, await link(), v, place, c.group),
  groups: async ({ v, link }) => {
    await link();
    return groupsReply(v, d.client);
  },
  group: async ({ v, place, link }, c) => {
    const linked = await link();
    if (c.action === 'bind') return bindChannel(d, linked, v, place, c.group);
    if (c.action === 'unbind') return unbindChannel(d, linked, v, place);
    return requestChange(d, linked, v, place, c.action, c.target);
  },
});
