import { API_BASE_PATH, apiEndpoints } from '@tollgate/contracts';
import type { OperationId } from '../merchant-api/api-examples';

/**
 * The documentation's facts, read from the OpenAPI document the server builds (app.swagger()):
 * every /api/v1 operation with its parameters, body and answer flattened into fields (name,
 * type, required, constraints, the English description) and its error responses. The examples
 * are the page's own (api-examples.ts, in the page's language).
 * Nothing here is written by hand, so the pages cannot drift from the schemas that validate.
 */
export type FieldPlace = 'path' | 'query' | 'body' | 'response';

export interface DocField {
  /** Dotted from the top, `[]` for an array's items: `items[].amount`. */
  name: string;
  type: string;
  required: boolean;
  nullable: boolean;
  /** Machine facts: `pattern ^…$`, `1–64 chars`, `min 300`, enum values. */
  constraints: string[];
  /** The schema's English description ('' when it has none: the completeness test refuses that). */
  description: string;
}

export interface DocOperation {
  operationId: OperationId;
  method: 'GET' | 'POST';
  /** OpenAPI form: /api/v1/collections/{orderNo}. */
  path: string;
  summary: string;
  description: string;
  devnetOnly: boolean;
  fields: Record<FieldPlace, DocField[]>;
  /** HTTP status → the English line OpenAPI gives (codes with messages). */
  errorStatuses: string[];
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  description?: string;
};

interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const SAFE_INT = 9_007_199_254_740_991;

function constraintsOf(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.enum) out.push(schema.enum.map(String).join(' | '));
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    out.push(`length ${schema.minLength ?? 0}–${schema.maxLength ?? '∞'}`);
  }
  if (schema.minimum !== undefined && Math.abs(schema.minimum) < SAFE_INT) out.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) < SAFE_INT) out.push(`max ${schema.maximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    out.push(`items ${schema.minItems ?? 0}–${schema.maxItems ?? '∞'}`);
  }
  if (schema.format) out.push(schema.format);
  return out;
}

/** The schema without its `null` alternative, and whether it had one. */
function unwrapNullable(schema: Schema): { schema: Schema; nullable: boolean } {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const rest = alternatives.filter((alt) => alt.type !== 'null');
    const nullable = rest.length < alternatives.length;
    if (rest.length === 1 && rest[0]) {
      return { schema: { ...rest[0], description: schema.description ?? rest[0].description }, nullable };
    }
    return { schema, nullable };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

function typeOf(schema: Schema): string {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'any'}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

/** An object's properties as fields, nested objects and arrays of objects followed down. */
export function flattenSchema(root: Schema | undefined, prefix = ''): DocField[] {
  const fields: DocField[] = [];
  const required = new Set(root?.required ?? []);
  for (const [key, raw] of Object.entries(root?.properties ?? {})) {
    const { schema, nullable } = unwrapNullable(raw);
    const name = `${prefix}${key}`;
    fields.push({
      name,
      type: typeOf(schema),
      required: required.has(key),
      nullable,
      constraints: constraintsOf(schema),
      description: schema.description ?? '',
    });
    if (schema.properties) fields.push(...flattenSchema(schema, `${name}.`));
    if (schema.type === 'array' && schema.items?.properties)
      fields.push(...flattenSchema(schema.items, `${name}[].`));
  }
  return fields;
}

/** `/collections/:orderNo` → `/api/v1/collections/{orderNo}`, as the OpenAPI document keys it. */
export function openApiPath(path: string): string {
  return `${API_BASE_PATH}${path.replace(/:(\w+)/g, '{$1}')}`;
}

/**
 * The operations in the order contracts declares them. Those the server did not register (the
 * devnet call in live mode) are left out: the pages describe what this server answers.
 */
export function readOperations(document: OpenApiDocument): DocOperation[] {
  const operations: DocOperation[] = [];
  for (const [operationId, endpoint] of Object.entries(apiEndpoints) as [
    OperationId,
    (typeof apiEndpoints)[OperationId],
  ][]) {
    const path = openApiPath(endpoint.path);
    const method = endpoint.method;
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) continue;
    const parameters = operation.parameters ?? [];
    const paramFields = (place: 'path' | 'query') =>
      parameters
        .filter((p) => p.in === place)
        .map(
          (p) =>
            ({
              ...flattenSchema({
                properties: { [p.name]: p.schema },
                required: p.required ? [p.name] : [],
              })[0],
              description: p.description ?? p.schema.description ?? '',
            }) as DocField,
        );
    const answer = operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
    operations.push({
      operationId,
      method,
      path,
      summary: operation.summary ?? '',
      description: operation.description ?? '',
      devnetOnly: endpoint.devnetOnly,
      fields: {
        path: paramFields('path'),
        query: paramFields('query'),
        body: flattenSchema(operation.requestBody?.content?.['application/json']?.schema),
        response: flattenSchema(answer),
      },
      errorStatuses: Object.entries(operation.responses ?? {})
        .filter(([status]) => status !== '200')
        .map(([status, response]) => `${status}: ${response.description ?? ''}`),
    });
  }
  return operations;
}

/** Every English text the pages show from the schemas: each needs a translation in the locale files. */
export function englishTexts(operations: DocOperation[]): string[] {
  const texts = new Set<string>();
  for (const operation of operations) {
    texts.add(operation.summary);
    texts.add(operation.description);
    for (const fields of Object.values(operation.fields)) {
      for (const field of fields) texts.add(field.description);
    }
  }
  return [...texts];
}
