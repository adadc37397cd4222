/**
 * Whether a custom field is secret, by its name or by its value. Fails closed: hiding a field
 * that was harmless costs a look in the Access Service; showing a credential to every linked
 * person cannot be taken back. Names are compared folded (NFKC, case-folded, separators gone),
 * so `ＴＯＫＥＮ`, `Pass_Word` and `SSH-key` say what they mean.
 */

/** Folded: `Access-Key`, `access_key` and `ＡｃｃｅｓｓＫｅｙ` are all `accesskey`. */
export const foldName = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Found anywhere in a folded name. */
const SECRET_PARTS = [
  'secret',
  'password',
  'passwd',
  'passwort',
  'kennwort',
  'passphrase',
  'passcode',
  'token',
  'credential',
  'privatekey',
  'apikey',
  'accesskey',
  'signingkey',
  'encryptionkey',
  'masterkey',
  'licensekey',
  'sshkey',
  'connectionstring',
  'connstring',
  'webhook',
  'cookie',
  'bearer',
  'authorization',
  'recoverycode',
  'backupcode',
  'seedphrase',
  'mnemonic',
  'パスワード',
  '暗証',
  '秘密',
  'トークン',
  '認証情報',
];

/** Whole words only: `PIN` but not `Pinned`, `Key` but not `Keyboard`. */
const SECRET_WORDS = new Set([
  'key',
  'keys',
  'pin',
  'pwd',
  'pw',
  'dsn',
  'otp',
  'totp',
  'hotp',
  'mfa',
  'jwt',
  'pat',
  'sas',
  'cvv',
  'cvc',
]);

const wordsOf = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);

export function nameSaysSecret(name: string): boolean {
  const folded = foldName(name);
  return (
    SECRET_PARTS.some((part) => folded.includes(part)) ||
    wordsOf(name).some((word) => SECRET_WORDS.has(word))
  );
}

const PEM = /-----BEGIN [A-Z0-9 ]+-----/;
const SSH_KEY =
  /\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-\S+|sk-\S+@openssh\.com)\s+[A-Za-z0-9+/]{16,}/;
/** `scheme://user:password@host`. */
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^\s/@:]*:[^\s/@]+@/i;
/** A query parameter that carries a credential: `?token=…`, `&sig=…`, `X-Amz-Signature=…`. */
const QUERY_CREDENTIAL =
  /[?&](?:[a-z0-9_.-]*(?:token|secret|password|passwd|pwd|key|sig|signature|auth|credential|session|code)[a-z0-9_.-]*)=[^&\s#]+/i;
/** `Password=…;`, `AccountKey=…`, `SharedAccessKey=…` in a connection string. */
const CONNECTION_SECRET =
  /(?:^|[;\s])(?:password|pwd|accountkey|sharedaccesskey|sharedsecret)\s*=\s*[^;\s]+/i;
/** Tokens whose issuers mark them: AWS, GitHub, GitLab, Slack, Stripe, OpenAI, Google, JWTs. */
const KNOWN_TOKEN =
  /\b(?:(?:AKIA|ASIA)[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{20,}|glpat-[\w-]{20,}|xox[abeprs]-[A-Za-z0-9-]{10,}|sk_(?:live|test)_\w{16,}|sk-[\w-]{20,}|AIza[\w-]{30,}|eyJ[\w-]{8,}\.[\w-]{8,}\.)/;
/** Pieces of text a random token is made of (base64's `+/=` included), 20 or more long. */
const PIECE = /[A-Za-z0-9+/=]{20,}/g;

const classOf = (c: string) =>
  /\d/.test(c) ? 'd' : /[a-z]/.test(c) ? 'l' : /[A-Z]/.test(c) ? 'u' : '';

/**
 * Random-looking: the kind of character changes at every few steps (words and names change it
 * rarely, `Onboarding2024` twice) and few characters repeat.
 */
function looksRandom(piece: string): boolean {
  const kinds = [...piece].map(classOf).filter(Boolean);
  let changes = 0;
  for (let i = 1; i < kinds.length; i++) if (kinds[i] !== kinds[i - 1]) changes++;
  return kinds.length >= 20 && changes / (kinds.length - 1) >= 0.3 && entropyOf(piece) >= 3.5;
}

/** Bits of entropy per character of `piece`, from its own character frequencies. */
function entropyOf(piece: string): number {
  const counts = new Map<string, number>();
  for (const c of piece) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / piece.length) * Math.log2(n / piece.length);
  return bits;
}

/** A value shaped like a credential, whatever its field is called. */
export function valueLooksSecret(value: string | null | undefined): boolean {
  if (!value) return false;
  const text = value.normalize('NFKC');
  const shapes = [PEM, SSH_KEY, URL_PASSWORD, QUERY_CREDENTIAL, CONNECTION_SECRET, KNOWN_TOKEN];
  return shapes.some((shape) => shape.test(text)) || (text.match(PIECE) ?? []).some(looksRandom);
}
