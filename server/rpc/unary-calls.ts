import type { DescMethodUnary, DescService } from '@bufbuild/protobuf';
import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import { base64Decode } from '@bufbuild/protobuf/wire';
import {
  Code,
  ConnectError,
  type ConnectRouterOptions,
  type ContextValues,
  createServiceImplSpec,
  type HandlerContext,
  type MethodImplSpec,
  type ServiceImpl,
} from '@connectrpc/connect';
import {
  createDeadlineSignal,
  createLinkedAbortController,
  createMethodSerializationLookup,
  invokeUnaryImplementation,
  mergeNonProtocolHeaders,
} from '@connectrpc/connect/protocol';
import {
  codeToHttpStatus,
  contentTypeUnaryJson,
  contentTypeUnaryProto,
  errorToJsonBytes,
  parseContentType,
  parseTimeout,
} from '@connectrpc/connect/protocol-connect';
import { serializedAnswer } from './shared-answers';

/** A call as the HTTP mount hands it over: its body read, checked and plain (edge-request.ts). */
export interface UnaryCall {
  httpMethod: string;
  url: URL;
  header: Headers;
  body: Uint8Array;
  /** Aborts when the client leaves before its answer. */
  signal: AbortSignal;
  contextValues: ContextValues;
}

/** A unary Connect answer: status, headers (trailers folded in as trailer-…), one body. */
export interface UnaryAnswer {
  status: number;
  header: Headers;
  body: Uint8Array;
}

export interface UnaryProcedure {
  method: DescMethodUnary;
  requestPath: string;
  allowedMethods: string[];
  (call: UnaryCall): Promise<UnaryAnswer>;
}

/**
 * The Connect protocol's unary calls (POST with a JSON or binary body, or GET with the message in
 * the query), served by this API's implementations through Connect's own building blocks: its
 * serialization, interceptors and invocation, error JSON and status mapping. What Connect's
 * universal handler adds around them serves streams, and is paid on every unary call: an async
 * iterable over the one body, three copies of the headers, and a linked abort controller aborted
 * with a fresh DOMException after every answer — together about a third of a cached read's CPU.
 * Here a call's signal aborts only when its client leaves or its deadline passes; nothing of this
 * API waits on it otherwise. tests/integration/unary-calls.test.ts holds the answers to Connect's,
 * which differ on purpose in two ways: a message that does not parse is the caller's
 * `invalid_argument` even where Connect calls it its own internal error (binary), and `refusalOf`
 * turns an error met outside the interceptors into what the caller is answered.
 */
export function unaryProcedures<S extends DescService>(
  service: S,
  impl: Partial<ServiceImpl<S>>,
  options: ConnectRouterOptions,
  refusalOf: RefusalOf = (error) => error,
): Map<string, UnaryProcedure> {
  if ((options.acceptCompression ?? []).length > 0 || options.requestGate || options.requireConnectProtocolHeader) {
    throw new Error('unaryProcedures: compression, request gates and the protocol-header rule are left to the edge');
  }
  const spec = createServiceImplSpec(service, impl);
  const procedures = new Map<string, UnaryProcedure>();
  for (const method of service.methods) {
    const one = spec.methods[method.localName] as MethodImplSpec;
    if (one.kind !== 'unary') throw new Error(`unaryProcedures: ${method.name} is not unary`);
    const procedure = unaryProcedure(one, options, refusalOf);
    procedures.set(procedure.requestPath, procedure);
  }
  return procedures;
}

function unaryProcedure(spec: MethodImplSpec & { kind: 'unary' }, options: ConnectRouterOptions, refusalOf: RefusalOf): UnaryProcedure {
  const { method } = spec;
  const serialization = createMethodSerializationLookup(method, options.binaryOptions, options.jsonOptions, {
    readMaxBytes: options.readMaxBytes ?? 0xffffffff,
    writeMaxBytes: options.writeMaxBytes ?? 0xffffffff,
  });
  const readable = method.idempotency === MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS;
  const interceptors = options.interceptors ?? [];
  const maxTimeoutMs = options.maxTimeoutMs ?? Number.MAX_SAFE_INTEGER;
  const call = async (call: UnaryCall): Promise<UnaryAnswer> => {
    const isGet = call.httpMethod === 'GET';
    if (isGet && !readable) return bare(405);
    if (!isGet && call.httpMethod !== 'POST') return bare(405);
    const type = isGet ? encodingOfQuery(call.url.searchParams.get('encoding')) : parseContentType(call.header.get('content-type'));
    if (!type || type.stream) return bare(415);
    const responseHeader = new Headers({ 'content-type': type.binary ? contentTypeUnaryProto : contentTypeUnaryJson });
    const responseTrailer = new Headers();
    const timeout = parseTimeout(call.header.get('connect-timeout-ms'), maxTimeoutMs);
    const deadline = timeout.timeoutMs === undefined ? undefined : createDeadlineSignal(timeout.timeoutMs);
    const linked = deadline ? createLinkedAbortController(deadline.signal, call.signal) : undefined;
    const started = Date.now();
    const context: HandlerContext = {
      method,
      service: method.parent,
      signal: linked?.signal ?? call.signal,
      timeoutMs: () => (timeout.timeoutMs === undefined ? undefined : started + timeout.timeoutMs - Date.now()),
      requestMethod: call.httpMethod,
      requestHeader: call.header,
      responseHeader,
      responseTrailer,
      protocolName: 'connect',
      values: call.contextValues,
      url: call.url.toString(),
    };
    let status = 200;
    let body: Uint8Array;
    try {
      if (timeout.error) throw timeout.error;
      const input = readInput(serialization.getI(type.binary), () => (isGet ? queryMessage(call.url.searchParams) : call.body));
      const output = await invokeUnaryImplementation(spec, context, input, interceptors);
      body = serializedAnswer(output, type.binary, () => serialization.getO(type.binary).serialize(output));
    } catch (thrown) {
      const error = refusalOf(thrown instanceof ConnectError ? thrown : new ConnectError('internal error', Code.Internal, undefined, undefined, thrown), context);
      status = codeToHttpStatus(error.code);
      responseHeader.set('content-type', contentTypeUnaryJson);
      if (!error.isWireError) mergeNonProtocolHeaders(responseHeader, error.metadata);
      body = errorToJsonBytes(error, options.jsonOptions ?? {});
    } finally {
      deadline?.cleanup();
    }
    responseTrailer.forEach((value, name) => responseHeader.append(`trailer-${name}`, value));
    responseHeader.set('content-length', String(body.byteLength));
    return { status, header: responseHeader, body };
  };
  return Object.assign(call, { method, requestPath: `/${method.parent.typeName}/${method.name}`, allowedMethods: readable ? ['POST', 'GET'] : ['POST'] });
}

/**
 * What an error becomes before it is answered. The interceptors see only errors of the
 * implementation; one met before them (a message that does not parse, a deadline header that
 * does not) or after them (an answer that does not serialize) passes here alone. Connect answers
 * such errors as they are; the HTTP mount gives them a catalogue code and a text (http-mount.ts).
 */
export type RefusalOf = (error: ConnectError, context: HandlerContext) => ConnectError;

/** A bodiless refusal the HTTP mount turns into an error answer of its own (405, 415). */
function bare(status: number): UnaryAnswer {
  return { status, header: new Headers(), body: new Uint8Array(0) };
}

function encodingOfQuery(encoding: string | null): { binary: boolean; stream: false } | undefined {
  if (encoding === 'json') return { binary: false, stream: false };
  if (encoding === 'proto') return { binary: true, stream: false };
  return undefined;
}

/**
 * The call's message. Connect answers binary that does not parse (and, in a GET, base64 that
 * does not decode) as its own internal error; it is the caller's, like JSON that does not parse.
 */
function readInput<T>(serialization: { parse(bytes: Uint8Array): T }, bytes: () => Uint8Array): T {
  try {
    return serialization.parse(bytes());
  } catch (error) {
    if (error instanceof ConnectError && error.code !== Code.Internal) throw error;
    throw new ConnectError('the message does not parse', Code.InvalidArgument, undefined, undefined, error);
  }
}

function queryMessage(params: URLSearchParams): Uint8Array {
  const message = params.get('message') ?? '';
  return params.get('base64') === '1' ? base64Decode(message) : new TextEncoder().encode(message);
}
