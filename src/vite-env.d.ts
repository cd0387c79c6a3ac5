/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Overrides the API prefix ('/api') for builds served behind another mount point. */
  readonly VITE_API_BASE?: string;
  /** Where stored files are served; defaults to `${API_BASE}/sys/common/static`. */
  readonly VITE_STATIC_PREFIX?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
