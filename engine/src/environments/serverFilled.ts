// No false drift: members the server fills in when it stores a document (defaults, a creation
// date, a generated id) are not edits of anybody. A push records, in the deploy record, which
// members the server added to what was sent (`serverFilled`); comparisons then read the file as
// if it had them, with the values the server gave them. A later change of such a value on the
// server is still a change on the server; member order never matters (canonical comparison). Pure.
import { clone, isPlainObject } from './mergePatch';

const escape = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** Pointers of the object members `stored` has and `sent` lacks (not inside arrays: an array is one value). */
export function addedMembers(sent: unknown, stored: unknown, prefix = ''): string[] {
  if (!isPlainObject(sent) || !isPlainObject(stored)) return [];
  const added: string[] = [];
  for (const [name, value] of Object.entries(stored)) {
    const pointer = `${prefix}/${escape(name)}`;
    if (!(name in sent)) added.push(pointer);
    else added.push(...addedMembers(sent[name], value, pointer));
  }
  return added.sort();
}

/** `document` with the members at `pointers` it lacks taken from `from` (where `from` has them and the parent exists). */
export function withServerFilled(document: unknown, from: unknown, pointers: readonly string[] | undefined): unknown {
  if (!pointers?.length || !isPlainObject(document)) return document;
  const copy = clone(document);
  for (const pointer of pointers) {
    const parts = pointer.split('/').slice(1).map(unescape);
    const last = parts.pop()!;
    let target: unknown = copy;
    let source: unknown = from;
    for (const part of parts) {
      target = isPlainObject(target) ? target[part] : undefined;
      source = isPlainObject(source) ? source[part] : undefined;
    }
    if (isPlainObject(target) && isPlainObject(source) && !(last in target) && last in source) target[last] = clone(source[last]);
  }
  return copy;
}
