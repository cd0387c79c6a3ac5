import { createElement, lazy, type ComponentType } from 'react';
import { RouteView } from '../layouts/RouteView';
import { appRuntime } from './runtime';

/** Props every routed screen receives from the menu node it was built from. */
export interface ScreenProps {
  /** The menu title (meta.title). */
  title: string;
  /** The server's component key, e.g. 'dashboard/Workbench'. */
  componentKey: string;
}

type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/**
 * Component key (RouteNode.component) -> screen module. Each entry is a separate chunk, loaded when
 * its route is first opened. Keys not listed render the 功能建设中 page instead of a blank one.
 */
const SCREENS: Readonly<Record<string, ScreenLoader>> = {
  'dashboard/Workbench': () => import('../../screens/dashboard/Workbench'),
  'exception/403': () => import('../../screens/exception/Exception403'),
  'exception/404': () => import('../../screens/exception/Exception404'),
  'exception/500': () => import('../../screens/exception/Exception500'),
  'result/Success': () => import('../../screens/result/Success'),
  'result/Error': () => import('../../screens/result/Error'),
  'modules/notice/NoticeDetails': () => import('../../screens/notice/NoticeDetails'),
  'modules/workOrder/WorkOrderDetails': () => import('../../screens/workorder/details/WorkOrderDetails'),
  'modules/message/MyMessage': () => import('../../screens/message/MyMessage'),
  'modules/workOrder/WorkOrderStatistics': () =>
    import('../../screens/workorder/statistics/WorkOrderStatistics'),
  'modules/workOrder/WorkOrderChart': () => import('../../screens/workorder/statistics/WorkOrderChart'),
  // A report opened from the menu (/online/cgreport/<id or code>).
  'modules/online/cgreport/auto/OnlCgreportAutoList': () => import('../../screens/online/ReportScreen'),
  // An online form opened by its code (/online/cgformList/<name>), file or designed (online-forms.md).
  'modules/online/cgform/auto/OnlCgformAutoList': () => import('../../screens/online/CgformAutoList'),
  // 项目主页 (docs/modules/projects.md): reminders' 去处理 and the project lists' 项目主页 open it.
  'modules/project/ProjectPage': () => import('../../screens/project/ProjectPage'),
  'modules/project/ProjectFlowChart': () => import('../../screens/project/ProjectFlowChart'),
  'modules/project/NodeDetails': () => import('../../screens/project/NodeDetails'),
  'system/IconList': () => import('../../screens/system/IconList'),
  // 系统监控 (docs/modules/monitor.md): JVM and Tomcat keys of the spec show the Node runtime and HTTP server.
  'modules/monitor/DiskMonitoring': () => import('../../screens/monitor/DiskMonitoring'),
  'modules/monitor/HttpTrace': () => import('../../screens/monitor/HttpTrace'),
  'modules/monitor/JvmInfo': () => import('../../screens/monitor/RuntimeInfo'),
  'modules/monitor/TomcatInfo': () => import('../../screens/monitor/HttpServerInfo'),
  'modules/monitor/SystemInfo': () => import('../../screens/monitor/SystemInfo'),
  'modules/monitor/RedisInfo': () => import('../../screens/monitor/RedisInfo'),
  'modules/monitor/RedisTerminal': () => import('../../screens/monitor/RedisTerminal'),
};

/** Parent routes only render their children. */
const LAYOUT_KEYS: ReadonlySet<string> = new Set([
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/BlankLayout',
]);

const comingSoon: ScreenLoader = () => import('../../screens/exception/ComingSoon');

const cache = new Map<string, ComponentType<ScreenProps>>();

/**
 * 'declared/<entity>': the screen runtime/render interprets from schemas/<area>/<entity>.json;
 * 'declared/<entity>?type=1' adds fixed list parameters (one list's declared scopes per menu entry);
 * 'declared/<entity>/detail' is one record's page, opened with `?id=` (任务详情).
 */
const DECLARED_PREFIX = 'declared/';
const DETAIL_SUFFIX = '/detail';
function declaredScreen(key: string): ScreenLoader {
  const [name, query = ''] = key.split('?', 2);
  const detail = name.endsWith(DETAIL_SUFFIX);
  const entity = detail ? name.slice(0, -DETAIL_SUFFIX.length) : name;
  const params = Object.fromEntries(new URLSearchParams(query));
  return async () => {
    const [render, runtime] = await Promise.all([import('../../runtime/render'), appRuntime()]);
    const Screen = (props: ScreenProps) =>
      createElement(render.DeclaredScreen, {
        runtime,
        entity,
        title: props.title,
        params,
        ...(detail && { page: 'detail' as const }),
      });
    return { default: Screen };
  };
}

export function isKnownScreen(key: string): boolean {
  return LAYOUT_KEYS.has(key) || key in SCREENS || key.startsWith(DECLARED_PREFIX);
}

/** The (lazy) component for a key; the same instance every time so React keeps its state. */
export function resolveScreen(key: string): ComponentType<ScreenProps> {
  if (LAYOUT_KEYS.has(key)) return RouteView;
  const known = cache.get(key);
  if (known) return known;
  const declared = key.startsWith(DECLARED_PREFIX) ? declaredScreen(key.slice(DECLARED_PREFIX.length)) : null;
  const loader = SCREENS[key] ?? declared ?? comingSoon;
  const component = lazy(loader);
  cache.set(key, component);
  return component;
}
