import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Code } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { closeAfterResponse, readNodeBody } from '../http/node-body';
import { siteOfHost, siteOfRequest } from '../hosts';
import { forwardedFor } from '../http/forwarded';
import { clientAddress } from '../net/trusted-proxies';
import type { Services } from '../services';
import { secureCookies } from '@/lib/visitor-pass-cookie';
import { callContext } from './call-context';
import { edgeRefusals } from './edge-errors';
import { checkedCall, MAX_REQUEST_BYTES } from './edge-request';
import { apiHandlers } from './api';
import { refusalOutsideInterceptors } from './errors';
import { unaryRequestFromNode, webHeaders, writeUnaryResponse } from './node-unary';
import { apiRouterOptions } from './router';
import { unaryProcedures } from './unary-calls';
import { unchangedPolls } from './unchanged-polls';

/**
 * The API on Node's HTTP server: `${prefix}/dzb.v1.ApiService/<Method>` in, Connect response
 * out, before and outside Next (server.mts mounts it). Every call learns its site from the
 * request host and its client from the socket (or a trusted proxy's x-forwarded-for; server.mts
 * has dropped any other). The body is read and checked here first (edge-request.ts), and the
 * bodiless 405 and 415 Connect answers get an error body like every other refusal. The calls run
 * with the router options and interceptors of the in-process transport (unary-calls.ts); an error
 * met outside the interceptors (a message that does not parse) becomes a refusal all the same.
 */
export function createApiHttpHandler(services: Services, prefix: string) {
  const procedures = unaryProcedures(ApiService, apiHandlers(services), apiRouterOptions(services), refusalOutsideInterceptors(services.report));
  const handlers = new Map([...procedures].map(([path, procedure]) => [prefix + path, procedure]));
  const pollPath = `${prefix}/${ApiService.typeName}/${ApiService.method.orderDetail.name}`;
  const unchanged = unchangedPolls(services);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A status page's poll of an order that has not changed is answered before anything is built
    // for it (unchanged-polls.ts); every other call, and a poll it passes on, goes the full way.
    let early: { body: Uint8Array | undefined } | undefined;
    if (req.method === 'POST' && req.url === pollPath) {
      early = { body: await readNodeBody(req, MAX_REQUEST_BYTES) };
      // The host as siteOfRequest reads it (forwarding headers from anyone but a trusted proxy are gone).
      const forwarded = req.headers['x-forwarded-host'];
      const host = (Array.isArray(forwarded) ? forwarded.join(', ') : forwarded) ?? req.headers.host ?? null;
      if (early.body && (await unchanged(req, res, early.body, siteOfHost(host, services.config.hosts)))) return;
    }
    const url = new URL(req.url ?? '/', 'http://api.invalid');
    const headers = webHeaders(req);
    const site = siteOfRequest(headers, services.config);
    const refuse = edgeRefusals(headers, site);
    const handler = handlers.get(url.pathname);
    if (!handler) {
      writeUnaryResponse(refuse(404, Code.Unimplemented), res);
      return;
    }
    const arrived = unaryRequestFromNode(req, res);
    const body = early ? early.body : req.method === 'GET' || req.method === 'HEAD' ? new Uint8Array(0) : await readNodeBody(req, MAX_REQUEST_BYTES);
    if (!body) closeAfterResponse(req, res);
    const checked = checkedCall({ method: arrived.method, url, headers, body }, handler.method, refuse);
    if ('status' in checked) {
      writeUnaryResponse(checked, res);
      return;
    }
    const client = clientAddress(forwardedFor(req), services.config.trustedProxies);
    const response = await handler({
      httpMethod: arrived.method,
      url: checked.url,
      header: checked.headers,
      body: checked.body,
      signal: arrived.signal,
      contextValues: callContext(site, { client, secureCookies: secureCookies(services.config.appEnv) }),
    });
    if (response.status === 405) {
      writeUnaryResponse(refuse(405, Code.Unimplemented, 'unimplemented', { allow: handler.allowedMethods.join(', ') }), res);
      return;
    }
    // A content type (or a GET's encoding) other than JSON or binary protobuf.
    if (response.status === 415) {
      writeUnaryResponse(refuse(415, Code.InvalidArgument), res);
      return;
    }
    writeUnaryResponse(response, res);
  };
}
