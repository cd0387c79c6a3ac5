export type { Result } from '../session/types';

/** What the HTTP layer needs from the session; wired at start-up so http never imports session code. */
export interface SessionPort {
  getToken(): string;
  getTenantId(): string;
  /** Clears the session and tells the server; must not throw. */
  signOut(): Promise<void>;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the error catalogue: the caller handles failures itself (logout, the route guard). */
    silent?: boolean;
    /** Add the contract's X-Sign and X-TIMESTAMP headers. */
    signed?: boolean;
  }
}
