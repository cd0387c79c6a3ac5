/**
 * The contracts between the engine and whoever hosts it. The engine never imports the shell: the
 * shell hands it an HTTP client and a view of the session when it creates a runtime, so the same
 * renderers work in the app, in tests and in docs.
 */
import type { ComponentType } from 'react';
import type { EntityModel, FieldModel } from '../model/declaration/model';
import type { ScreenKind, Widget } from '../model/declaration/types';
import type { RuleUser } from '../model/declaration/row-access';
import type { DefaultContext } from '../model/declaration/defaults';

/** Options of a file download through the HttpClient. */
export interface HttpGetOptions {
  responseType?: 'blob';
  timeout?: number;
  /** A long download reports the bytes received so far (axios's config has the same name). */
  onDownloadProgress?: (event: { loaded: number; total?: number }) => void;
}

/** The contract's Result envelope. */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp?: number;
}

/**
 * What the adapter needs from the app's HTTP client: the shell passes its axios helpers, whose
 * interceptor already unwraps response.data, so every call resolves to the Result envelope.
 */
export interface HttpClient {
  /**
   * `options.responseType: 'blob'` asks for a file: the call then resolves to the Blob itself (the
   * shell's axios helper takes axios's config as its third argument, so no extra method is needed).
   */
  get<T>(url: string, params?: object, options?: HttpGetOptions): Promise<Result<T>>;
  post<T>(url: string, data?: unknown): Promise<Result<T>>;
  put<T>(url: string, data?: unknown): Promise<Result<T>>;
  delete<T>(url: string, params?: object): Promise<Result<T>>;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export interface AuthEntry {
  action: string;
  type: string;
}

export interface SysAuthEntry extends AuthEntry {
  status: string;
}

/** What the engine reads from the session; functions, so it always sees the current state. */
export interface SessionView {
  auth(): readonly AuthEntry[];
  allAuth(): readonly SysAuthEntry[];
  /** The login's dictionary cache, if it holds the code. */
  cachedDict(code: string): readonly DictItem[] | undefined;
  /** The signed-in user as a transition's `allow` rule sees them; null when nobody is signed in. */
  user?(): RuleUser | null;
  /** What a live table's socket needs (user id, token, tenant); null when nobody is signed in. */
  socket?(): SocketIdentity | null;
  /**
   * Who adds a record and the app's clock now, for `#{sysUserCode}`-style defaults in add forms and
   * new grid rows (runtime/model/declaration/defaults.ts); null or absent: the server fills them.
   */
  defaultContext?(): DefaultContext | null;
}

export interface SocketIdentity {
  userId: string;
  token: string;
  tenantId: number;
}

/** Props of every renderer: one entity model, the runtime it was resolved from. */
export interface RendererProps {
  model: EntityModel;
  title: string;
}

/** Props of every form widget: the field and antd's value/onChange pair, values in wire format. */
export interface WidgetProps {
  field: FieldModel;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** Dictionary options, when the field has a dictionary. */
  options?: readonly DictItem[];
  placeholder?: string;
  id?: string;
}

export interface RegistryEntry<K extends string, P> {
  type: K;
  load: () => Promise<ComponentType<P>>;
}

export type RendererEntry = RegistryEntry<ScreenKind, RendererProps>;
export type WidgetEntry = RegistryEntry<Widget, WidgetProps>;

/**
 * Props of a hand-made panel a declaration names in an action (`"panel": {"component": ...}`): the
 * row it was opened for (null from the toolbar), the screen's model, and callbacks to close it and
 * to reload the list behind it. A panel reaches the server through `useRuntime().http`.
 */
export interface PanelProps {
  row: Record<string, unknown> | null;
  model: EntityModel;
  close(): void;
  refresh(): Promise<unknown>;
  /**
   * A panel that edits something tells the host how to know it holds unsaved changes: closing the
   * drawer or dialog (Esc, ×, the mask) then asks 确定放弃未保存的修改吗? first.
   */
  guard?(changed: () => boolean): void;
}

/** Panels are keyed by the name declarations use (`rolePermission`), not by a closed type. */
export type PanelEntry = RegistryEntry<string, PanelProps>;
