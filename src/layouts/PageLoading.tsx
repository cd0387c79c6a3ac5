import '../styles/loading.css';

/** A dependency-free spinner for route and chunk loading (keeps antd out of the first paint). */
export function PageLoading({ fullscreen = true }: { fullscreen?: boolean }): React.JSX.Element {
  return (
    <div className={fullscreen ? 'page-loading page-loading--fullscreen' : 'page-loading'} role="status">
      <span className="page-loading__dot" />
      <span className="page-loading__text">加载中…</span>
    </div>
  );
}
