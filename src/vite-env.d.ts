/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Overrides the API prefix ('/api') for builds served behind another mount point. */
  readonly VITE_API_BASE?: string;
  /** Where stored files are served; defaults to `${API_BASE}/sys/common/static`. */
  readonly VITE_STATIC_PREFIX?: string;
  /** The server's APP_TIMEZONE, when it is not Asia/Shanghai (add forms' date defaults). */
  readonly VITE_APP_TIMEZONE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
