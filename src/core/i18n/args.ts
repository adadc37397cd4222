/**
 * The values an ICU message takes, read from the message's own text by the type checker: so a
 * call that forgets a placeholder, names one the message does not have, or gives a plural a
 * string fails `tsc`. A plain `{name}` takes a string or a number; `{n, plural, …}` and
 * `{n, number}` a number; `{kind, select, …}` a string. The placeholders inside a plural's or a
 * select's branches count too. The catalogs test checks every language against the real parser.
 */

type Trim<S extends string> = S extends ` ${infer R}`
  ? Trim<R>
  : S extends `${infer R} `
    ? Trim<R>
    : S;

/** `[inside, after]`: the text up to the `}` that closes a `{` already opened, and the rest. */
type Close<
  S extends string,
  Inside extends string = '',
  Depth extends 0[] = [],
> = S extends `${infer Head}}${infer Tail}`
  ? Head extends `${infer Before}{${infer After}`
    ? Close<`${After}}${Tail}`, `${Inside}${Before}{`, [...Depth, 0]>
    : Depth extends [0, ...infer Outer extends 0[]]
      ? Close<Tail, `${Inside}${Head}}`, Outer>
      : [`${Inside}${Head}`, Tail]
  : never;

type Typed<Kind extends string> = Kind extends 'number' ? number : string | number;

type Named<Name extends string, T> = { [N in Trim<Name>]: T };

type ArgOf<A extends string> = A extends `${infer Name},${infer Kind},${infer Body}`
  ? Trim<Kind> extends 'plural' | 'selectordinal'
    ? Named<Name, number> & Branches<Body>
    : Trim<Kind> extends 'select'
      ? Named<Name, string> & Branches<Body>
      : Named<Name, Typed<Trim<Kind>>>
  : A extends `${infer Name},${infer Kind}`
    ? Named<Name, Typed<Trim<Kind>>>
    : Named<A, string | number>;

/** The placeholders of every branch message of a plural or select. */
type Branches<B extends string> = B extends `${string}{${infer Rest}`
  ? Close<Rest> extends [infer Message extends string, infer After extends string]
    ? Placeholders<Message> & Branches<After>
    : never
  : unknown;

type Placeholders<S extends string> = S extends `${string}{${infer Rest}`
  ? Close<Rest> extends [infer Arg extends string, infer After extends string]
    ? ArgOf<Arg> & Placeholders<After>
    : never
  : unknown;

/** The values object of message `S`: `{}` when it has no placeholder. */
export type MessageValues<S extends string> = { [K in keyof Placeholders<S>]: Placeholders<S>[K] };
