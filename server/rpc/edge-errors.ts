import type { Code } from '@connectrpc/connect';
import { errorToJsonBytes } from '@connectrpc/connect/protocol-connect';
import type { ErrorCode } from '@/lib/error-codes';
import { HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import type { RequestSite } from '../hosts';
import { protocolCode, refusal, refusalLanguage } from './refusals';
import { requestIdFor } from './request-ids';
import type { UnaryAnswer } from './unary-calls';

/** Refuses a call at the edge: its status, its Connect code, its catalogue code (else the Connect code's) and extra headers. */
export type EdgeRefusal = (status: number, connectCode: Code, code?: ErrorCode, headers?: Record<string, string>) => UnaryAnswer;

/**
 * Refusals written before a call reaches the Connect router (an unreadable body, an encoding we
 * do not speak, a method that needs POST, a request the site cannot serve at all): the same
 * Connect error JSON the router writes, with the ErrorDetail the browser reads the catalogue
 * code from and the code's text in the site's language, so no client has to tell the two apart.
 */
export function edgeRefusals(header: Headers, site: RequestSite): EdgeRefusal {
  return (status, connectCode, code = protocolCode(connectCode), headers = {}) => {
    const requestId = requestIdFor(header);
    const body = errorToJsonBytes(refusal(code, connectCode, refusalLanguage(site), requestId), {});
    return {
      status,
      header: new Headers({
        ...headers,
        'content-type': 'application/json',
        'content-length': String(body.byteLength),
        [HEADER_REQUEST_ID]: requestId,
        'cache-control': 'no-store',
      }),
      body,
    };
  };
}
