/**
 * The step-up page: what is confirmed, in the person's language, a button the script wires to
 * the browser's passkey prompt, and a live region that says what happened. Every text is
 * escaped; nothing inline runs or styles (the routes' Content-Security-Policy forbids it).
 */
import type { Voice } from '../i18n/voice.ts';
import { clean } from '../text.ts';
import type { Opened } from './ceremonies.ts';
import { STEP_UP_PATH } from './links.ts';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (text: string) => clean(text).replace(/[&<>"']/g, (c) => escapes[c]!);

/** What the button starts: adding a passkey, creating a first one, or confirming with one. */
const buttonOf = (opened: Extract<Opened, { ok: true }>) =>
  opened.stepUp.confirmationId === null
    ? 'stepup.page.add'
    : opened.enrolled
      ? 'stepup.page.confirm'
      : 'stepup.page.enrol';

export function pageHtml(fallback: Voice, opened: Opened): string {
  const v = opened.v ?? fallback;
  const body = opened.ok
    ? `<p>${html(v.t('stepup.page.what'))}</p>
    <p id="summary">${html(opened.stepUp.summary)}</p>
    <button id="go" type="button" hidden data-working="${html(v.t('stepup.page.working'))}"
      data-cancelled="${html(v.t('stepup.page.cancelled'))}">${html(v.t(buttonOf(opened)))}</button>
    <noscript><p>${html(v.t('stepup.page.noScript'))}</p></noscript>
    <p id="status" role="status" aria-live="polite"></p>`
    : `<p id="status" role="status" aria-live="polite">${html(
        v.t(`stepup.refused.${opened.refusal}`),
      )}</p>`;
  const state = opened.ok ? 'open' : 'refused';
  return `<!doctype html>
<html lang="${html(v.language)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${html(v.t('stepup.page.title'))} · accessbot</title>
  <link rel="stylesheet" href="${STEP_UP_PATH}/page.css">
</head>
<body>
  <main data-state="${state}">
    <h1>${html(v.t('stepup.page.title'))}</h1>
    ${body}
  </main>
  <script src="${STEP_UP_PATH}/page.js"></script>
</body>
</html>
`;
}
