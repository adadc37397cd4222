/**
 * An application's card on Teams, its forms inside the card (Action.ShowCard). What the clicker
 * gets replaces their card; a change waits for its confirmation card.
 */
import type { ChatActor } from '../../src/core/identity.ts';
import type { Reply } from '../../src/core/reply.ts';
import { cardResponse } from './activity.ts';
import type { InvokeBody, TeamsContext } from './context.ts';
import type { CardAction } from './payloads.ts';
import { renderCard } from './render.ts';
import { requestFormCard } from './request-form.ts';

type AppAction = Extract<
  CardAction,
  { verb: 'requestApp' | 'appCard' | 'appField' | 'appPolicy' | 'appMark' }
>;

export async function onAppAction(
  deps: TeamsContext,
  actor: ChatActor,
  action: AppAction,
): Promise<InvokeBody> {
  const { apps } = deps.bot;
  const counted = {
    requestApp: 'app_request',
    appCard: 'app_card',
    appField: 'app_field',
    appPolicy: 'app_policy',
    appMark: 'app_mark',
  }[action.verb];
  const shown = (reply: Reply, outcome: string = reply.tone) => {
    deps.metrics.actions.inc({ platform: 'teams', action: counted, outcome });
    return cardResponse(renderCard(reply));
  };
  switch (action.verb) {
    case 'requestApp': {
      const found = await apps.requestForm(actor, action.appId);
      if (!found.ok) return shown(found.reply);
      const form = await requestFormCard(deps.bot, actor, found.value);
      return form.ok ? cardResponse(form.value) : shown(form.reply);
    }
    case 'appCard':
      return shown(await apps.card(actor, action.appId));
    case 'appField':
    case 'appPolicy': {
      const kind = action.verb === 'appField' ? 'field' : 'policy';
      return shown(await apps.submit(actor, action.appId, kind, action.values));
    }
    case 'appMark':
      return shown(await apps.mark(actor, action.appId, action.mark));
  }
}
