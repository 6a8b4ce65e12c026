import { readFileSync } from 'node:fs';
import type { ValueType } from '../../../lib/profiles/format';

/**
 * Reading a JSON Schema of a source data model (the Battery Pass aspects' generated
 * `*-schema.json`), for the optional check that a profile's pointers resolve in it. Test code
 * only: the schemas are not in the repository (docs/profiles.md, Sources).
 */
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema document
type Schema = Record<string, any>;

/** A schema file as text: six of the seven Battery Pass 1.2.0 schemas are UTF-16 LE with a byte-order mark. */
export function readSchemaFile(path: string): Schema {
  const bytes = readFileSync(path);
  const text =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? new TextDecoder('utf-16le').decode(bytes.subarray(2))
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? new TextDecoder('utf-16be').decode(bytes.subarray(2))
        : new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  return JSON.parse(text) as Schema;
}

/** A node with its `$ref`s and `allOf`s merged in (properties and required lists joined). */
function resolve(root: Schema, node: Schema): Schema {
  let out: Schema = { ...node };
  if (out.$ref) {
    const { $ref, ...rest } = out;
    const target = ($ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: Schema, key) => at[key], root);
    out = { ...resolve(root, target), ...rest };
  }
  if (out.allOf) {
    const { allOf, ...rest } = out;
    out = rest;
    for (const part of allOf as Schema[]) {
      const resolved = resolve(root, part);
      out = {
        ...resolved,
        ...out,
        properties: { ...resolved.properties, ...out.properties },
        required: [...(resolved.required ?? []), ...(out.required ?? [])],
      };
    }
  }
  return out;
}

/** The schema node at an RFC 6901 pointer into documents of `schema`, or why there is none. */
export function nodeAt(root: Schema, node: Schema, pointer: string): Schema | string {
  let at = resolve(root, node);
  const path = pointer === '' ? [] : pointer.slice(1).split('/');
  for (const raw of path) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const next = at.type === 'object' ? at.properties?.[key] : undefined;
    if (!next) return `no property ${key} at ${pointer}`;
    at = resolve(root, next);
  }
  return at;
}

/** The JSON Schema `type` a profile's value type must meet in the source's schema. */
const JSON_TYPE: Record<ValueType['type'], string[]> = {
  number: ['number'],
  integer: ['number', 'integer'],
  string: ['string'],
  enum: ['string'],
  date: ['string'],
  uri: ['string'],
  boolean: ['boolean'],
  object: ['object'],
  list: ['array'],
};

/** Where a profile's value type disagrees with the source's schema node, down its fields and items. */
export function typeMismatches(root: Schema, node: Schema, type: ValueType, path: string): string[] {
  const at = resolve(root, node);
  if (!JSON_TYPE[type.type].includes(at.type)) return [`${path}: ${type.type} where the schema has ${at.type}`];
  const out: string[] = [];
  if (type.type === 'enum' && at.enum) {
    const source = new Set(at.enum as unknown[]);
    for (const value of type.values ?? [])
      if (!source.has(value)) out.push(`${path}: ${value} is not in the schema's enum`);
  }
  if (type.type === 'uri' && at.format !== 'uri') out.push(`${path}: a uri where the schema has no uri format`);
  for (const [name, field] of Object.entries(type.fields ?? {})) {
    const child = at.properties?.[name];
    if (!child) out.push(`${path}/${name}: no such property in the schema`);
    else out.push(...typeMismatches(root, child, field, `${path}/${name}`));
    const required = ((at.required ?? []) as string[]).includes(name);
    if (Boolean(field.required) !== required)
      out.push(
        `${path}/${name}: ${field.required ? 'required' : 'optional'} where the schema has it ${required ? 'required' : 'optional'}`,
      );
  }
  for (const name of Object.keys(at.properties ?? {}))
    if (type.fields && !(name in type.fields)) out.push(`${path}/${name}: a property of the schema the type lacks`);
  if (type.items) out.push(...typeMismatches(root, at.items, type.items, `${path}/-`));
  return out;
}

/** The pointer of every leaf of the documents a schema describes (a list's items as `-`), to check a profile leaves none unmapped. */
export function leavesOf(root: Schema, node: Schema, path = ''): string[] {
  const at = resolve(root, node);
  if (at.type === 'array') return leavesOf(root, at.items, `${path}/-`);
  if (at.type === 'object' && at.properties && Object.keys(at.properties).length > 0)
    return Object.entries(at.properties as Record<string, Schema>).flatMap(([key, child]) =>
      leavesOf(root, child, `${path}/${key}`),
    );
  return [path];
}
