/** What `storable` makes of text a store would refuse, and what it leaves as it is. */
import { describe, expect, it } from 'vitest';
import { MAX_STORED_CHARS, sql, storable, storableText, storedJson } from '../../src/store/sql.ts';

describe('storable text', () => {
  it('replaces NUL and lone surrogates with U+FFFD, and keeps a pair', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('x\ud800')).toBe('x\uFFFD');
    expect(storableText('\udc00y')).toBe('\uFFFDy');
    expect(storableText('ok \u{1F600} ü')).toBe('ok \u{1F600} ü');
  });

  it('cuts past the limit, never inside a pair', () => {
    expect(storableText('abcdef', 4)).toBe('abcd');
    // The pair would straddle the cut: it is left out whole.
    expect(storableText('abc\u{1F600}', 4)).toBe('abc');
    expect(storableText('ab\u{1F600}', 4)).toBe('ab\u{1F600}');
  });

  it('follows arrays and objects, keys too, and leaves dates and numbers', () => {
    const when = new Date(0);
    expect(storable({ 'k\u0000': ['\ud800', 1, null, when], n: { s: 'x\u0000' } })).toEqual({
      'k\uFFFD': ['\uFFFD', 1, null, when],
      n: { s: 'x\uFFFD' },
    });
  });

  it('gives JSON that keeps no escaped NUL and cuts long strings', () => {
    const json = storedJson({ text: `\u0000${'a'.repeat(MAX_STORED_CHARS * 2)}` });
    expect(json).not.toContain('\\u0000');
    expect((JSON.parse(json) as { text: string }).text).toHaveLength(MAX_STORED_CHARS);
  });

  it('makes every parameter of a statement storable', () => {
    const name = 'a\u0000';
    const statement = sql`SELECT 1 WHERE name = ${name} AND tags = ${['\ud800']}`;
    expect(statement.values).toEqual(['a\uFFFD', ['\uFFFD']]);
  });
});
