import { Environment } from '@/gen/dzb/v1/version_pb';
import { apiClient } from './browser-client';

/** The backend's build facts as the version panel shows them: plain data, no protobuf types. */
export interface BackendVersion {
  env: string;
  version: string;
  commit: string;
  branch: string;
  dockerTag: string;
  uptimeSeconds: number;
}

/**
 * Asks the server which build answers. The version panel imports this module only when it is
 * opened, so pages do not ship the protobuf and Connect runtime for it.
 */
export async function fetchBackendVersion(): Promise<BackendVersion> {
  const answer = await apiClient().version({});
  return {
    env: Environment[answer.env].toLowerCase(),
    version: answer.version,
    commit: answer.commit,
    branch: answer.branch,
    dockerTag: answer.dockerTag,
    uptimeSeconds: Number(answer.uptime?.seconds ?? 0n),
  };
}
