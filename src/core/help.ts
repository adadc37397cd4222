/** `help`: every command's usage line, in the asker's language; `report` last, for auditors. */
import { auditorUsage } from './audit/commands.ts';
import { HELP_COMMANDS, usage } from './commands.ts';
import type { Voice } from './i18n/voice.ts';
import { info, type Reply } from './reply.ts';

export function helpReply(v: Voice): Reply {
  const lines = [...HELP_COMMANDS.map((name) => usage(v, name)), auditorUsage(v)];
  return info(v, v.t('help.summary', { commands: lines.join('; ') }), {
    title: v.t('help.title'),
    blocks: [
      { kind: 'list', items: lines, more: 0 },
      { kind: 'note', text: v.t('help.naming') },
      ...(v.language === 'en' ? [] : [{ kind: 'note' as const, text: v.t('help.englishWords') }]),
    ],
  });
}
