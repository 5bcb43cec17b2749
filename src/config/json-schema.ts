// schema.ts → JSON Schema (draft 2020-12), for editors. Lenient mappings allow other keys (MassGen
// keys we ignore) but still describe the execution keys, so completion and checks work there.
import type { Field } from './schema.js'

type Json = Record<string, unknown>

export function fieldToJson(f: Field): Json {
  const d = f.description ? { description: f.description } : {}
  switch (f.type) {
    case 'string':
      return {
        type: f.acceptInteger ? ['string', 'integer'] : 'string',
        ...(f.enum ? { enum: f.enum } : {}),
        ...(f.pattern ? { pattern: f.pattern } : {}),
        ...d
      }
    case 'number':
      return {
        type: f.integer ? 'integer' : 'number',
        ...(f.min !== undefined ? { minimum: f.min } : {}),
        ...(f.exclusiveMin !== undefined ? { exclusiveMinimum: f.exclusiveMin } : {}),
        ...(f.max !== undefined ? { maximum: f.max } : {}),
        ...d
      }
    case 'boolean':
      return { type: 'boolean', ...d }
    case 'array':
      return { type: 'array', items: fieldToJson(f.items), ...d }
    case 'scalarMap':
      return {
        type: 'object',
        additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        ...d
      }
    case 'oneOf':
      return { anyOf: f.variants.map(fieldToJson), ...d }
    case 'any':
      return { ...d }
    case 'object': {
      const o: Json = { type: 'object', ...d }
      if (f.values) {
        o.additionalProperties = fieldToJson(f.values)
        return o
      }
      // Keys massgen-exec accepts without acting on are listed, described as ignored.
      const ignored = Object.entries(f.ignored ?? {}).map(([k, why]) => [
        k,
        { description: `Accepted and ignored: ${why}.` }
      ])
      o.properties = Object.fromEntries([
        ...Object.entries(f.props).map(([k, v]) => [k, fieldToJson(v)]),
        ...ignored
      ])
      if (f.required?.length) o.required = f.required
      if (f.unknown === 'error') o.additionalProperties = false
      else if (f.strictPrefixes?.length) {
        // Unknown keys in the execution namespaces are errors; everything else is allowed.
        o.propertyNames = {
          anyOf: [
            { enum: [...Object.keys(f.props), ...Object.keys(f.ignored ?? {})] },
            { allOf: f.strictPrefixes.map((p) => ({ not: { pattern: `^${p}` } })) }
          ]
        }
      }
      return o
    }
  }
}

export function toJsonSchema(root: Field): Json {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://github.com/massgen-exec-action/massgen-exec-action/schema/massgen-exec.schema.json',
    title: 'massgen-exec config (MassGen-style)',
    ...fieldToJson(root),
    not: { required: ['agent', 'agents'] },
    anyOf: [{ required: ['agent'] }, { required: ['agents'] }]
  }
}
