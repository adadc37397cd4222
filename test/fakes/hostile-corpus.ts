/**
 * Text an attacker would write into a justification, a decline reason, a display name, or an
 * app, group or task field of the Access Service: every way known to make a chat message or a
 * terminal do more than show text. Each carries `MARK` so a test can find where it landed.
 */

export const MARK = 'PWNED';

const ESC = '\u001b';
const BEL = '\u0007';

export const hostile: Record<string, string> = {
  userMention: `<@U123> ${MARK}`,
  channelPing: `<!channel> ${MARK} <!here> <!everyone>`,
  subteamPing: `<!subteam^S1|team> ${MARK}`,
  slackLink: `<https://evil.example/reset|Your access was revoked: click here> ${MARK}`,
  slackDate: `<!date^1392734382^{date}|fallback> ${MARK}`,
  bareUrl: `https://evil.example/login?next=${MARK} and http://evil.example`,
  wwwUrl: `www.evil.example/${MARK}`,
  markdownLink: `[Click to re-authenticate](https://evil.example/login) **URGENT: pre-approved by CISO** ${MARK}`,
  markdownImage: `![logo](https://evil.example/pixel.png) ${MARK}`,
  emphasis: `*Security review: pre-approved* _italic_ ~strike~ **bold** __under__ ${MARK}`,
  code: `\`${MARK}-CODE\` \`\`\`${MARK}-BLOCK\`\`\` \` ${MARK}`,
  heading: `# Security review ${MARK}`,
  quote: `> pre-approved by CISO ${MARK}`,
  list: `- item ${MARK}`,
  html: `<b>bold</b><a href="https://evil.example">${MARK}</a><script>alert(1)</script><img src=x onerror=alert(1)>`,
  entities: `&lt;!channel&gt; &amp;lt;@U1&amp;gt; &#60;!here&#62; ${MARK}`,
  teamsMention: `<at>Carl</at> ${MARK}`,
  emojiCodes: `:white_check_mark: Approved :lock: :rotating_light: ${MARK}`,
  rtlOverride: `invoice\u202egnp.exe ${MARK}`,
  bidiMarks: `\u202aA\u202bB\u202cC\u202dD\u200eE\u200fF\u061c ${MARK}`,
  isolates: `\u2066admin\u2069 \u2067x\u2069 \u2068y\u2069 ${MARK}`,
  zeroWidth: `ad\u200bmin\u200c\u200d\ufeff\u2060\u00ad\u180e\u3164\u2800 ${MARK}`,
  tags: `\u{e0041}\u{e0042} hidden tags ${MARK}`,
  ansiCsi: `${ESC}[31mred${ESC}[0m ${ESC}[2K${ESC}[1A${ESC}[999D ${MARK}`,
  osc52: `${ESC}]52;c;ZWNobyBoYWNrZWQ=${BEL} ${MARK}`,
  oscTitle: `${ESC}]0;pwned${BEL}${ESC}]2;pwned${ESC}\\ ${MARK}`,
  osc8: `${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\ ${MARK}`,
  c1: `\u009b31m\u009d0;x\u0007 ${MARK}`,
  controls: `a\u0000b\u0008\u0008\u0008c\u007f\u0007 ${MARK}`,
  newlines: `ok\nSPOOFED-LINE approved by CISO\r\nSPOOFED-CRLF\rSPOOFED-CR\u2028SPOOFED-LS\u0085SPOOFED-NEL ${MARK}`,
  zalgo: `Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359a\u035a\u035b\u035c\u035d\u035e\u035f ${MARK}`,
  loneSurrogate: `\ud83d ${MARK} \ude00`,
  long: `${MARK} ${'A'.repeat(10_000)}`,
  longWide: `${MARK} ${'漢'.repeat(10_000)}`,
  longAstral: `${MARK} ${'𝕏'.repeat(10_000)}`,
  longSpecial: `${MARK} ${'<*_~`&'.repeat(2_000)}`,
};

/** Every hostile string at once, as one field. */
export const allAtOnce = Object.values(hostile)
  .map((s) => s.slice(0, 300))
  .join(' ');

export const corpus: Array<[string, string]> = [...Object.entries(hostile), ['all', allAtOnce]];

/** A code span that data opened (ours quote commands; data inside one never starts it). */
export const dataCode = new RegExp(`^${MARK}`);

/** A line of rendered output that data started: its text after indentation is ours otherwise. */
export const spoofedLine = /^\s*SPOOFED/m;

/**
 * What a requester would type as a justification to fool an approver, within the 1000
 * characters a typed justification may have: a disguised link, fake bold authority, pings, a
 * mention, an emoji tick, bidi and zero-width tricks, and terminal escapes (clipboard, title,
 * line erase). The approver's card must show it all as text.
 */
export const hostileJustification = [
  '[Click to re-authenticate](https://evil.example/login) **URGENT: pre-approved by CISO**',
  '<!channel> <!here> <@U123> <!subteam^S1|team> <https://evil.example/reset|Your access was revoked>',
  `*Security review: pre-approved* _x_ ~y~ \`${MARK}-CODE\` :white_check_mark: <at>Carl</at>`,
  'in\u202egnp.exe ze\u200bro \u2066iso\u2069 www.evil.example',
  '\u001b]52;c;ZWNobyBoYWNrZWQ=\u0007 \u001b]0;pwned\u0007 \u001b[2K\u001b[1A SPOOFED',
  MARK,
].join(' ');
