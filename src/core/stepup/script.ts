/**
 * The page's one script, served from accessbot's own origin (`script-src 'self'`, nothing
 * inline). The browser's own JSON forms of WebAuthn (`parse…FromJSON`, `toJSON`) carry the
 * ceremonies: nothing is encoded by hand. The token is read from the address, sent in bodies only.
 */
export const PAGE_SCRIPT = `'use strict';
(() => {
  const main = document.querySelector('main');
  const button = document.getElementById('go');
  const status = document.getElementById('status');
  const token = new URLSearchParams(location.search).get('t');
  if (!button || !token) return;
  button.hidden = false;
  const say = (text) => { status.textContent = text; };
  const post = async (path, body) => {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, ...body }),
      credentials: 'omit',
      cache: 'no-store',
    });
    return res.json();
  };
  const end = (answer) => {
    say(answer.message);
    main.dataset.state = answer.ok ? 'done' : 'refused';
    button.hidden = true;
  };
  const options = async () => {
    const answer = await post('/passkey/options', {});
    if (!answer.ok) end(answer);
    return answer.ok ? answer.options : undefined;
  };
  const enrol = async (got) => {
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(got.publicKey);
    const made = await navigator.credentials.create({ publicKey });
    return post('/passkey/register', { response: made.toJSON() });
  };
  const prove = async (got) => {
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(got.publicKey);
    const proof = await navigator.credentials.get({ publicKey });
    return post('/passkey/confirm', { response: proof.toJSON() });
  };
  const run = async () => {
    button.disabled = true;
    say(button.dataset.working);
    try {
      for (;;) {
        const got = await options();
        if (!got) return;
        const answer = got.enrol ? await enrol(got) : await prove(got);
        if (!answer.ok || !answer.next) return end(answer);
        say(answer.message);
      }
    } catch {
      say(button.dataset.cancelled);
      button.disabled = false;
    }
  };
  button.addEventListener('click', () => void run());
})();
`;

export const PAGE_STYLE = `body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:2rem;color:#1b1b1b;background:#fff}
main{max-width:34rem;margin:0 auto}
#summary{font-weight:600;border-left:.25rem solid #0b57d0;padding-left:.75rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#0b57d0;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
button:disabled{background:#5f6368}
main[data-state=refused] #status{color:#b3261e;font-weight:600}
main[data-state=done] #status{color:#146c2e;font-weight:600}
`;
