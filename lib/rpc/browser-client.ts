import { type Client, ConnectError, createClient, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { monitoringSessionId } from '../monitoring/session-id';
import { HEADER_CHALLENGE, HEADER_CHALLENGE_SOLUTION, HEADER_MONITORING_SESSION } from './headers';

/** Spec section 7: a call that takes longer than a minute is given up. */
const RPC_TIMEOUT_MS = 60_000;
/** A solution can come too late (the challenge expired, or was spent by a second tab): try a few. */
const MAX_CHALLENGES = 3;

const withMonitoringSession: Interceptor = (next) => (req) => {
  req.header.set(HEADER_MONITORING_SESSION, monitoringSessionId());
  return next(req);
};

/**
 * Beyond a budget (an address's, or the site's while voucher codes are being guessed) the server
 * answers only with a proof of work (challenge_required plus a challenge): solve it here and call
 * again, so every form gets through without knowing about it. The solver loads on the first
 * challenge only.
 */
const solveChallenges: Interceptor = (next) => async (req) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await next(req);
    } catch (error) {
      const challenge = error instanceof ConnectError ? error.metadata.get(HEADER_CHALLENGE) : null;
      if (!challenge || attempt >= MAX_CHALLENGES) throw error;
      const { solveProofOfWork } = await import('./proof-of-work');
      const solution = await solveProofOfWork(challenge);
      if (!solution) throw error;
      req.header.set(HEADER_CHALLENGE_SOLUTION, solution);
    }
  }
};

let client: Client<typeof ApiService> | undefined;

/** The typed API client for client components (JSON over the Connect protocol, base /api). */
export function apiClient(): Client<typeof ApiService> {
  client ??= createClient(
    ApiService,
    createConnectTransport({
      baseUrl: '/api',
      defaultTimeoutMs: RPC_TIMEOUT_MS,
      interceptors: [withMonitoringSession, solveChallenges],
      jsonOptions: { ignoreUnknownFields: true },
    }),
  );
  return client;
}
