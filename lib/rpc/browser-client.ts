import { type Client, createClient, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { monitoringSessionId } from '../monitoring/session-id';
import { HEADER_MONITORING_SESSION } from './headers';

/** Spec section 7: a call that takes longer than a minute is given up. */
const RPC_TIMEOUT_MS = 60_000;

const withMonitoringSession: Interceptor = (next) => (req) => {
  req.header.set(HEADER_MONITORING_SESSION, monitoringSessionId());
  return next(req);
};

let client: Client<typeof ApiService> | undefined;

/** The typed API client for client components (JSON over the Connect protocol, base /api). */
export function apiClient(): Client<typeof ApiService> {
  client ??= createClient(
    ApiService,
    createConnectTransport({
      baseUrl: '/api',
      defaultTimeoutMs: RPC_TIMEOUT_MS,
      interceptors: [withMonitoringSession],
      jsonOptions: { ignoreUnknownFields: true },
    }),
  );
  return client;
}
