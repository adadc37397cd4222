/** Channel bindings. */

import { ChannelGroup } from '../group-records.ts';
import type { ChannelGroupStore } from '../roles.ts';
import { checkedInput, rowReader, type SqlDb, sql, upsert } from '../sql.ts';

const toBinding = rowReader('channel_groups', ChannelGroup);

export function groupTables(db: SqlDb): ChannelGroupStore {
  return {
    async bindChannelGroup(binding) {
      const valid = checkedInput(ChannelGroup, binding, 'the channel binding');
      await db.run('bindChannelGroup', upsert('channel_groups', valid, ['platform', 'channel_id']));
    },

    async getChannelGroup(platform, channelId) {
      const [row] = await db.all(
        'getChannelGroup',
        sql`SELECT * FROM channel_groups WHERE platform = ${platform} AND channel_id = ${channelId}`,
      );
      return row && toBinding(row);
    },

    async unbindChannelGroup(platform, channelId) {
      const deleted = await db.run(
        'unbindChannelGroup',
        sql`DELETE FROM channel_groups WHERE platform = ${platform} AND channel_id = ${channelId}`,
      );
      return deleted === 1;
    },
  };
}
