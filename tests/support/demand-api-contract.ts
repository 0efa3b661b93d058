/**
 * Checks JSON bodies against Booking.com's own description of Demand API 3.1
 * (contracts/booking-demand-api-3.1.openapi.yml), so tests of the client and of the sandbox
 * simulator prove they speak the provider's shapes, not shapes we imagined.
 *
 *   expect(validateRequest('/orders/preview', body)).toEqual([]);
 *   expect(validateResponse('/orders/preview', res.status, await res.json())).toEqual([]);
 *
 * Both return readable problems ("/data/products/0/price/total must be > 0"), an empty list when
 * the body conforms, and throw only for a path or status the file does not describe (a mistake in
 * the test, not in the body).
 *
 * How: OpenAPI 3.1 schemas are JSON Schema 2020-12, so the whole document is added to Ajv under
 * an $id and each operation's schema is referenced by a JSON pointer into it; `#/components/...`
 * references then resolve inside the same document. Choices forced by the provider file:
 * - unknown keywords (`example`, `x-*`, OpenAPI's `nullable`-less leftovers) are ignored, not fatal;
 * - `multipleOf: 0.01` on prices is checked with a tolerance, since 1385.97 / 0.01 is not an
 *   exact integer in binary floating point;
 * - the `url` format is any absolute URL: ajv-formats' `url` rejects loopback hosts and the
 *   `booking://` deep links Booking.com itself returns;
 * - error responses are not in the file at all; they are checked against the envelope from
 *   Booking.com's error-handling guide: `{request_id, errors: [{id, message}]}`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { paths } from '@/gen/booking/demand-api-3.1';

/** A Demand API 3.1 operation path as the OpenAPI file spells it, e.g. '/orders/preview'. */
export type DemandApiPath = keyof paths;

const SPEC_FILE = path.resolve(import.meta.dirname, '../../contracts/booking-demand-api-3.1.openapi.yml');
const SPEC_ID = 'https://demandapi.booking.com/3.1/openapi.json';

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['request_id', 'errors'],
  properties: {
    request_id: { type: 'string', minLength: 1 },
    errors: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'message'],
        properties: { id: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' }, message: { type: 'string', minLength: 1 } },
      },
    },
  },
};

/**
 * The description with every object closed: a field it does not declare is a problem. Booking.com
 * may add fields, but a simulator that sends a field Booking.com does not have lets an adapter
 * depend on something the real API never sends.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  if ('properties' in copy && !('additionalProperties' in copy) && !('patternProperties' in copy)) copy.additionalProperties = false;
  return copy;
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function validator(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (validate) return validate;
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 4, logger: false });
    addFormats(ajv);
    ajv.addFormat('url', { type: 'string', validate: (value: string) => URL.canParse(value) });
    ajv.addSchema(closed(parse(readFileSync(SPEC_FILE, 'utf8'))) as object, SPEC_ID);
    ajv.addSchema(ERROR_ENVELOPE, 'error-envelope');
  }
  validate = ajv.getSchema(pointer);
  if (!validate) throw new Error(`The Demand API description has no schema at ${pointer}`);
  compiled.set(pointer, validate);
  return validate;
}

function operation(apiPath: DemandApiPath): string {
  const escaped = apiPath.replaceAll('~', '~0').replaceAll('/', '~1');
  return `${SPEC_ID}#/paths/${escaped}/post`;
}

function readable(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || '(body)';
    const allowed = 'allowedValues' in error.params ? ` (${JSON.stringify(error.params.allowedValues)})` : '';
    const extra = 'additionalProperty' in error.params ? ` '${String(error.params.additionalProperty)}'` : '';
    return `${where} ${error.message ?? 'is invalid'}${allowed}${extra}`;
  });
}

/** Problems of a request body for the operation at `apiPath`; empty when it conforms. */
export function validateRequest(apiPath: DemandApiPath, body: unknown): string[] {
  const validate = validator(`${operation(apiPath)}/requestBody/content/application~1json/schema`);
  return validate(body) ? [] : readable(validate.errors);
}

/**
 * Problems of a response body: a 200 against the operation's schema, a 4xx/5xx against the
 * documented error envelope. Other statuses are not described anywhere, so they throw.
 */
export function validateResponse(apiPath: DemandApiPath, status: number, body: unknown): string[] {
  let validate: ValidateFunction;
  if (status === 200) validate = validator(`${operation(apiPath)}/responses/200/content/application~1json/schema`);
  else if (status >= 400 && status <= 599) validate = validator('error-envelope');
  else throw new Error(`Demand API ${apiPath} describes no response with status ${status}`);
  return validate(body) ? [] : readable(validate.errors);
}
