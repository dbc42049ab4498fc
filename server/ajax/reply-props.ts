import { isPhpArrayObject, type PhpArrayObject, PhpObject, type PhpValue } from '../php/values';

/**
 * An island's typed props as a reply's top-level `props`, written as JSON.stringify writes them
 * (and as pages write them beside a marker): every object stays an object, `{}` when empty, where
 * PHP's json_encode writes an empty array `[]` (which the island's schema refuses, and with it the
 * whole props); keys whose value is undefined are left out, not written as null.
 */
export function jsonProps(props: object): PhpValue {
  return asJson(props);
}

function asJson(value: unknown): PhpValue {
  if (Array.isArray(value)) return value.map(asJson);
  if (isPhpArrayObject(value)) {
    const properties: PhpArrayObject = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) properties[key] = asJson(v);
    return new PhpObject('stdClass', properties);
  }
  return value as PhpValue;
}
