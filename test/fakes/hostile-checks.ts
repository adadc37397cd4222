/**
 * What "carries none of it live" means on each renderer, as checks that list every problem they
 * find in one rendered output (empty when there is none): no link, mention, ping, formatting,
 * bidi trick or control sequence that data could have produced, and the platform's limits kept.
 */
import { renderReply as renderShell } from '../../adapters/shell/render.ts';
import { renderReply as renderSlack } from '../../adapters/slack/render.ts';
import { messageActivity } from '../../adapters/teams/activity.ts';
import type { Reply } from '../../src/core/reply.ts';
import { MAX_MESSAGE_BYTES } from './bot-connector.ts';
import { cardProblems } from './bot-connector-cards.ts';
import { dataCode, spoofedLine } from './hostile-corpus.ts';
import { OptionsAnswer, SlackBlock, SlackMessage } from './slack-blockkit.ts';

/** Characters no rendered text may hold: controls, format characters (bidi, zero-width, tags). */
const forbidden = /[\p{Cc}\p{Cf}\p{Cs}]/u;
/** What chat clients and terminals link by themselves. */
const liveUrl = /:\/\/|\bwww\./i;

export function textProblems(where: string, text: string, allowNewlines = false): string[] {
  const problems: string[] = [];
  const chars = allowNewlines ? text.replaceAll('\n', '') : text;
  const bad = forbidden.exec(chars);
  if (bad) problems.push(`${where}: U+${bad[0].codePointAt(0)!.toString(16)} in ${show(text)}`);
  if (liveUrl.test(text))
    problems.push(`${where}: a URL Slack, Teams or a terminal links: ${show(text)}`);
  if (spoofedLine.test(text)) problems.push(`${where}: data starts a line: ${show(text)}`);
  return problems;
}

const show = (text: string) => JSON.stringify(text.slice(0, 160));

// --- Slack -------------------------------------------------------------------------------------

/** The emoji codes our own Slack wording uses (marks before a state or a tone). */
const ourEmoji =
  /:(white_check_mark|warning|x|hourglass_flowing_sand|no_entry|grey_question|information_source):/g;
/** Our bold: a field's label on its own first line, or a whole line (a card's title). */
const ourLabel = /^\*[^*\n]+\*\n/;
const ourTitle = /^(\d+\. )?\*([^*\n]*)\*$/;

/** Slack reads `&`, `<` and `>` in every text object, plain_text and mrkdwn alike. */
function entityProblems(where: string, text: string): string[] {
  const problems: string[] = [];
  if (/[<>]/.test(text)) problems.push(`${where}: < or > unescaped: ${show(text)}`);
  if (/&(?!amp;|lt;|gt;)/.test(text)) problems.push(`${where}: a bare &: ${show(text)}`);
  return problems;
}

/** Problems in one mrkdwn string (a block's text object, or a message's top-level `text`). */
export function mrkdwnProblems(where: string, text: string): string[] {
  const problems = [...textProblems(where, text, true), ...entityProblems(where, text)];
  if (/(^|\n)\s*&gt;/.test(text)) problems.push(`${where}: a quote: ${show(text)}`);
  for (const [, code] of text.matchAll(/`([^`\n]*)`/g)) {
    if (dataCode.test(code!)) problems.push(`${where}: data in code: ${show(text)}`);
  }
  const rest = text
    .replace(/`[^`\n]*`/g, '')
    .replace(ourEmoji, '')
    .replace(ourLabel, '')
    .replace(ourTitle, '$2');
  const markup = /[*_~`]/.exec(rest);
  if (markup) problems.push(`${where}: markup ${markup[0]} outside ours: ${show(rest)}`);
  const emoji = /:[a-z0-9_+'-]+:/i.exec(rest);
  if (emoji) problems.push(`${where}: an emoji code ${emoji[0]}: ${show(rest)}`);
  return problems;
}

interface TextObject {
  type: string;
  text: string;
  verbatim?: boolean;
}

function textObjectProblems(where: string, t: TextObject): string[] {
  if (t.type === 'plain_text') {
    const emoji = /:[a-z0-9_+'-]+:/i.exec(t.text);
    return [
      ...textProblems(where, t.text, true),
      ...entityProblems(where, t.text),
      ...(emoji ? [`${where}: emoji ${emoji[0]}`] : []),
    ];
  }
  const verbatim = t.verbatim === true ? [] : [`${where}: mrkdwn without verbatim`];
  return [...verbatim, ...mrkdwnProblems(where, t.text)];
}

/**
 * Calls `visit` with every object inside `value` and where it is; `visit` returns true when it
 * has read the object and its insides need no walk.
 */
function walk(
  value: unknown,
  path: string,
  visit: (o: Record<string, unknown>, path: string) => boolean,
) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      walk(v, `${path}[${i}]`, visit);
    });
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (visit(o, path)) return;
    for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`, visit);
  }
}

/** Every text object inside a block, with where it is. */
function textObjects(block: unknown, where: string): Array<[string, TextObject]> {
  const found: Array<[string, TextObject]> = [];
  walk(block, where, (o, path) => {
    const isText = (o.type === 'mrkdwn' || o.type === 'plain_text') && typeof o.text === 'string';
    if (isText) found.push([path, o as unknown as TextObject]);
    return isText;
  });
  return found;
}

export function slackBlockProblems(blocks: unknown[], where = 'blocks'): string[] {
  return blocks.flatMap((block, i) => {
    const limits = SlackBlock.safeParse(block);
    const over = limits.success ? [] : [`${where}[${i}] breaks Block Kit limits`];
    const texts = textObjects(block, `${where}[${i}]`);
    return [...over, ...texts.flatMap(([path, t]) => textObjectProblems(path, t))];
  });
}

/** The options answered to a `block_suggestion`: each option's text and description. */
export function slackOptionsProblems(answer: unknown): string[] {
  const limits = OptionsAnswer.safeParse(answer);
  const texts = textObjects(answer, 'options');
  return [
    ...(limits.success ? [] : ['options break Block Kit limits']),
    ...texts.flatMap(([path, t]) => textObjectProblems(path, t)),
  ];
}

/** A message as sent to `chat.postMessage`, `chat.update` or a response_url. */
export function slackProblems(message: { text: string; blocks?: unknown[] }): string[] {
  const limits = SlackMessage.safeParse(message);
  return [
    ...(limits.success ? [] : ['message breaks Block Kit limits']),
    ...mrkdwnProblems('text', message.text),
    ...slackBlockProblems(message.blocks ?? []),
  ];
}

// --- Teams -------------------------------------------------------------------------------------

/** Elements and properties whose text Teams reads as markdown, or that make text a link. */
const markdownElements = new Set(['TextBlock', 'FactSet']);

export function teamsCardProblems(card: Record<string, unknown>): string[] {
  const problems = cardProblems(card).map((p) => `adaptivecards: ${p}`);
  if ('fallbackText' in card) problems.push('fallbackText (markdown) on the card');
  const visit = (o: Record<string, unknown>, path: string) => {
    if (typeof o.type === 'string' && markdownElements.has(o.type)) {
      problems.push(`${path}: a ${o.type}, whose text Teams reads as markdown`);
    }
    if ('selectAction' in o) problems.push(`${path}: a selectAction (a link)`);
    if ('msteams' in o) problems.push(`${path}: msteams entities (mentions)`);
    if (o.type === 'TextRun' && typeof o.text === 'string') {
      problems.push(...textProblems(path, o.text));
      if (o.fontType === 'Monospace' && dataCode.test(o.text))
        problems.push(`${path}: data in code`);
    }
    return false;
  };
  walk(card.body, 'body', visit);
  return problems;
}

/** A message activity: a plain-text message, or a card with its summary. */
export function teamsProblems(activity: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const bytes = Buffer.byteLength(JSON.stringify(activity));
  if (bytes > MAX_MESSAGE_BYTES) problems.push(`activity of ${bytes} bytes`);
  if (typeof activity.text === 'string') {
    if (activity.textFormat !== 'plain') problems.push(`text as ${String(activity.textFormat)}`);
    problems.push(...textProblems('text', activity.text));
  }
  if (typeof activity.summary === 'string')
    problems.push(...textProblems('summary', activity.summary));
  const attachments = (activity.attachments ?? []) as { content: Record<string, unknown> }[];
  for (const a of attachments) problems.push(...teamsCardProblems(a.content));
  return problems;
}

// --- Terminal ----------------------------------------------------------------------------------

/** A colour or style (Select Graphic Rendition): ESC [ … m. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Terminal output: the only escape sequences are our colours (SGR), when colour is on. */
export function terminalProblems(output: string, color: boolean): string[] {
  const text = color ? output.replace(SGR, '') : output;
  return textProblems('terminal', text, true);
}

// --- One reply on every renderer ---------------------------------------------------------------

/** What is wrong with one core reply as Slack, Teams (both views) and the terminal show it. */
export function replyProblems(reply: Reply): string[] {
  const slack = renderSlack(reply);
  const teams = [
    messageActivity(reply),
    messageActivity(reply, { view: 'list', refreshFor: ['29:ada'] }),
  ];
  return [
    ...slackProblems(slack).map((p) => `slack ${p}`),
    ...teams.flatMap((a) => teamsProblems(a as Record<string, unknown>)).map((p) => `teams ${p}`),
    ...terminalProblems(renderShell(reply, { color: false }), false).map((p) => `shell ${p}`),
    ...terminalProblems(renderShell(reply, { color: true }), true).map((p) => `shell ${p}`),
  ];
}

/** Everything a reply shows, on every renderer, as one string (to find the data in it). */
export function replyShown(reply: Reply): string {
  return [
    JSON.stringify(renderSlack(reply)),
    JSON.stringify(messageActivity(reply)),
    renderShell(reply, { color: false }),
  ].join('\n');
}
