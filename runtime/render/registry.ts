/**
 * A typed, lazy, per-instance registry (amis's typed registry, rjsf's registry-as-props): each
 * runtime holds its own renderers and widgets, loaded on first use and cached per instance. No
 * module registers itself on import, so two runtimes (the app and a docs page) never share state
 * and an unused widget never reaches the bundle of a screen that does not need it.
 */
import { antdFeedback, type FeedbackPort } from './feedback';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenKind, Widget } from '../model/declaration/types';
import { createDataAdapter, type DataAdapter } from './data/adapter';
import type {
  HttpClient,
  PanelEntry,
  PanelProps,
  RegistryEntry,
  RendererEntry,
  RendererProps,
  SessionView,
  WidgetEntry,
  WidgetProps,
} from './types';

export interface Registry<K extends string, P> {
  has(type: K): boolean;
  /** The same lazy component for a type every time, so React keeps the subtree's state. */
  get(type: K): LazyExoticComponent<ComponentType<P>> | undefined;
  types(): K[];
}

export function createRegistry<K extends string, P>(entries: readonly RegistryEntry<K, P>[]): Registry<K, P> {
  const byType = new Map(entries.map((e) => [e.type, e]));
  const loaded = new Map<K, LazyExoticComponent<ComponentType<P>>>();
  return {
    has: (type) => byType.has(type),
    get(type) {
      const known = loaded.get(type);
      if (known) return known;
      const entry = byType.get(type);
      if (!entry) return undefined;
      const component = lazy(async () => ({ default: await entry.load() }));
      loaded.set(type, component);
      return component;
    },
    types: () => [...byType.keys()],
  };
}

export interface RuntimeOptions {
  renderers: readonly RendererEntry[];
  widgets: readonly WidgetEntry[];
  /** Hand-made panels declarations may open by name (actions with a panel). */
  panels?: readonly PanelEntry[];
  http: HttpClient;
  session: SessionView;
  /** Messages and dialogs; antd's statics when the host gives none. */
  feedback?: FeedbackPort;
  checkContract?: boolean;
  /** Opens an app page (an action's `link`); a full page load when the host gives none. */
  navigate?: (path: string) => void;
}

export interface Runtime {
  renderers: Registry<ScreenKind, RendererProps>;
  widgets: Registry<Widget, WidgetProps>;
  panels: Registry<string, PanelProps>;
  data: DataAdapter;
  /** For widgets that read system endpoints (pickers, uploads) rather than an entity's routes. */
  http: HttpClient;
  session: SessionView;
  feedback: FeedbackPort;
  navigate(path: string): void;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  return {
    renderers: createRegistry(options.renderers),
    widgets: createRegistry(options.widgets),
    panels: createRegistry(options.panels ?? []),
    data: createDataAdapter(options.http, { checkContract: options.checkContract }),
    http: options.http,
    session: options.session,
    feedback: options.feedback ?? antdFeedback,
    navigate: options.navigate ?? ((path) => window.location.assign(path)),
  };
}
