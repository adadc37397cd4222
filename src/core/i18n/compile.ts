/**
 * ICU messages as plain functions of their values. intl-messageformat formats a message into
 * part objects, merges them, and finds its `Intl` formatters by a JSON key, every time; a reply
 * formats dozens of messages. Our catalogs use text, `{name}`, `select`, `plural` and `#` only:
 * those are said here exactly as intl-messageformat says them (same `Intl` formatters, same
 * choice of branch, same text for each kind of value). Anything else, and any value it would
 * treat otherwise (a missing one, an object), is left to intl-messageformat: `undefined`.
 */
import type { IntlMessageFormat } from 'intl-messageformat';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];
/** An element of one kind, by the parser's number for it (its enum is not ours to import). */
type Kind<T extends number> = Extract<Element, { type: T }>;
const LITERAL = 0;
const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

type Values = Record<string, unknown> | undefined;
/** `count`: the number a plural branch's `#` shows; none outside a plural's own branches. */
export type Said = (values: Values, count?: number) => string | undefined;

type Formatters = ReturnType<typeof formattersFor>;

/** The `Intl` formatters intl-messageformat makes for a message of `language`, made once. */
export function formattersFor(language: string) {
  const rules = new Map<Intl.PluralRulesOptions['type'], Intl.PluralRules>();
  return {
    number: new Intl.NumberFormat(language),
    plural(type: Intl.PluralRulesOptions['type']) {
      let found = rules.get(type);
      if (!found) {
        found = new Intl.PluralRules(language, { type });
        rules.set(type, found);
      }
      return found;
    },
  };
}

/** The message's text as a function, or undefined when intl-messageformat must always say it. */
export function compile(elements: readonly Element[], formatters: Formatters): Said | undefined {
  const pieces: Said[] = [];
  for (const element of elements) {
    const piece = compileElement(element, formatters);
    if (!piece) return undefined;
    pieces.push(piece);
  }
  if (pieces.length === 1) return pieces[0];
  return (values, count) => {
    let text = '';
    for (const piece of pieces) {
      const said = piece(values, count);
      if (said === undefined) return undefined;
      text += said;
    }
    return text;
  };
}

function compileElement(element: Element, formatters: Formatters): Said | undefined {
  switch (element.type as number) {
    case LITERAL: {
      const { value } = element as Kind<typeof LITERAL>;
      return () => value;
    }
    case POUND:
      return (_values, count) => (count === undefined ? '' : formatters.number.format(count));
    case ARGUMENT: {
      const { value: name } = element as Kind<typeof ARGUMENT>;
      return (values) => {
        if (!values || !(name in values)) return undefined;
        const value = values[name];
        if (typeof value === 'string') return value;
        if (typeof value === 'number' || typeof value === 'bigint') return String(value);
        // Falsy values say nothing; others (an object, `true`) become parts of their own.
        return value ? undefined : '';
      };
    }
    case SELECT: {
      const { value: name, options } = element as Kind<typeof SELECT>;
      const branches = compileBranches(options, formatters);
      if (!branches) return undefined;
      const other = branches.get('other');
      return (values) => {
        if (!values || !(name in values)) return undefined;
        const key = values[name];
        if (typeof key !== 'string') return undefined;
        // A select's branches show no plural's `#`.
        return (branches.get(key) ?? other)?.(values);
      };
    }
    case PLURAL: {
      const { value: name, options, offset, pluralType } = element as Kind<typeof PLURAL>;
      const branches = compileBranches(options, formatters);
      if (!branches) return undefined;
      const rules = formatters.plural(pluralType);
      const other = branches.get('other');
      return (values) => {
        if (!values || !(name in values)) return undefined;
        const value = values[name];
        if (typeof value !== 'number') return undefined;
        const count = value - (offset || 0);
        const branch = branches.get(`=${value}`) ?? branches.get(rules.select(count)) ?? other;
        return branch?.(values, count);
      };
    }
    default:
      return undefined;
  }
}

function compileBranches(
  options: Record<string, { value: Element[] }>,
  formatters: Formatters,
): Map<string, Said> | undefined {
  const branches = new Map<string, Said>();
  for (const [key, option] of Object.entries(options)) {
    const said = compile(option.value, formatters);
    if (!said) return undefined;
    branches.set(key, said);
  }
  return branches;
}
