import type { SessionPort } from './types';

const noSession: SessionPort = {
  getToken: () => '',
  getTenantId: () => '0',
  signOut: async () => {},
};
let port: SessionPort = noSession;

/** Connects the HTTP layer to the session store; called once by the entry. */
export function bindSession(next: SessionPort): void {
  port = next;
}

/** The session as the HTTP layer sees it (token, tenant, sign-out). */
export function sessionPort(): SessionPort {
  return port;
}
