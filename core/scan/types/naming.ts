// JSON property names as Jackson derives them: from getters (`getURL` -> `url`), from Lombok's
// generated getters, and through `@JsonNaming` strategies.

/** The property a getter name stands for, Jackson's default way: `getUserName` -> `userName`, `getURL` -> `url`. */
export function getterProperty(methodName: string, returnsPrimitiveBoolean: boolean): string | undefined {
  let rest: string;
  if (methodName.length > 3 && methodName.startsWith('get')) rest = methodName.slice(3);
  else if (returnsPrimitiveBoolean && methodName.length > 2 && methodName.startsWith('is')) rest = methodName.slice(2);
  else return undefined;
  if (!isUpper(rest.charCodeAt(0)) && rest[0] !== '_') return undefined; // `getaway()` is no getter
  return lowerLeadingCapitals(rest);
}

/** The property a setter name stands for: `setUserName` -> `userName`. */
export function setterProperty(methodName: string): string | undefined {
  if (methodName.length <= 3 || !methodName.startsWith('set')) return undefined;
  const rest = methodName.slice(3);
  if (!isUpper(rest.charCodeAt(0)) && rest[0] !== '_') return undefined;
  return lowerLeadingCapitals(rest);
}

/**
 * The property a builder method stands for under `@JsonPOJOBuilder(withPrefix)`: `withUserName`
 * -> `userName` (prefix "with", Jackson's default), `userName` itself for Lombok's empty prefix.
 */
export function builderProperty(methodName: string, prefix: string): string | undefined {
  if (prefix === '') return methodName;
  if (methodName.length <= prefix.length || !methodName.startsWith(prefix)) return undefined;
  const rest = methodName.slice(prefix.length);
  if (!isUpper(rest.charCodeAt(0)) && rest[0] !== '_') return undefined;
  return lowerLeadingCapitals(rest);
}

/**
 * The name Jackson gives a field that only Lombok's getter exposes: Lombok names the getter
 * `get` + capitalised field (`is` + the rest for a primitive boolean `isActive`), and Jackson
 * derives the property from that getter: `isActive` -> `active`, `pName` -> `pname`.
 */
export function lombokProperty(fieldName: string, primitiveBoolean: boolean): string {
  if (primitiveBoolean && /^is[A-Z]/.test(fieldName)) return lowerLeadingCapitals(fieldName.slice(2));
  return lowerLeadingCapitals(fieldName[0]!.toUpperCase() + fieldName.slice(1));
}

function lowerLeadingCapitals(s: string): string {
  let i = 0;
  while (i < s.length && isUpper(s.charCodeAt(i))) i++;
  return i === 0 ? s : s.slice(0, i).toLowerCase() + s.slice(i);
}

function isUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}

export type NamingStrategy = (name: string) => string;

/** `@JsonNaming(X.class)` by the strategy's simple name, old `PropertyNamingStrategy` names included. */
export function namingStrategy(className: string): NamingStrategy | undefined {
  switch (className) {
    case 'SnakeCaseStrategy':
    case 'LowerCaseWithUnderscoresStrategy':
      return snakeCase;
    case 'UpperSnakeCaseStrategy':
      return (n) => snakeCase(n).toUpperCase();
    case 'KebabCaseStrategy':
      return (n) => separated(n, '-');
    case 'LowerDotCaseStrategy':
      return (n) => separated(n, '.');
    case 'LowerCaseStrategy':
      return (n) => n.toLowerCase();
    case 'LowerCamelCaseStrategy':
      return (n) => n; // Java's own convention: Jackson leaves names as they are
    case 'UpperCamelCaseStrategy':
    case 'PascalCaseStrategy':
      return (n) => (n ? n[0]!.toUpperCase() + n.slice(1) : n);
    default:
      return undefined;
  }
}

/**
 * Jackson's snake case: an underscore before each capital that does not follow another
 * capital, everything lower case, one leading underscore dropped: `userID` -> `user_id`.
 */
function snakeCase(name: string): string {
  let out = '';
  let prevUpper = false;
  for (let i = 0; i < name.length; i++) {
    let c = name[i]!;
    if (i === 0 && c === '_') continue;
    if (isUpper(c.charCodeAt(0))) {
      if (!prevUpper && out.length > 0 && !out.endsWith('_')) out += '_';
      c = c.toLowerCase();
      prevUpper = true;
    } else prevUpper = false;
    out += c;
  }
  return out;
}

/**
 * Jackson's kebab and dot cases: a separator starts each word; in a run of capitals the last
 * one starts the next word (`HTTPCode` -> `http-code`).
 */
function separated(name: string, sep: string): string {
  let out = '';
  let capitals = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    const lower = c.toLowerCase();
    if (lower === c) {
      if (capitals > 1) out = `${out.slice(0, -1)}${sep}${out.slice(-1)}`;
      capitals = 0;
    } else {
      if (capitals === 0 && i > 0) out += sep;
      capitals++;
    }
    out += lower;
  }
  return out;
}
