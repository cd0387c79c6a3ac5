import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import '../styles/loading.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (
    error instanceof Error &&
    /dynamically imported module|Loading chunk|Importing a module script/i.test(error.message)
  ) {
    return '页面资源加载失败，系统可能刚刚更新，请刷新页面后重试';
  }
  return '页面出现错误，请刷新后重试';
}

/**
 * The root error boundary. Plain markup on purpose: it must render even when the failure was a
 * chunk that could not load (after a release), so it may not depend on lazy code.
 */
export function RouteError({ compact = false }: { compact?: boolean }): React.JSX.Element {
  const error = useRouteError();
  return (
    <div className={compact ? 'route-error route-error--compact' : 'route-error'} role="alert">
      <h1>抱歉，页面出错了</h1>
      <p>{describe(error)}</p>
      <div className="route-error__actions">
        <button type="button" onClick={() => window.location.reload()}>
          刷新页面
        </button>
        <a href="/">返回首页</a>
      </div>
    </div>
  );
}
