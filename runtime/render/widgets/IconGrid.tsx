/**
 * A searchable grid of every @ant-design/icons icon, one theme at a time: the 图标 screen shows it
 * as a page (a click copies the name), the `icon` widget in its picker dialog (a click picks it).
 * The icons arrive with the catalogue chunk; until then the grid shows a spinner.
 */
import { Empty, Input, Segmented, Spin, theme as antdTheme, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ICON_THEMES, loadIconCatalog, themeOf, type IconCatalog, type IconTheme } from './icon-catalog';
import { searchIcons } from './icon-search';

export interface IconGridProps {
  /** The chosen name, highlighted (and its theme shown first). */
  value?: string;
  onPick(name: string): void;
  /** Height of the scrolling grid; the page gives it more room than a dialog. */
  height?: number | string;
  /** What a click does, said under each icon's name (title attribute). */
  pickHint: string;
}

const CELL = 96;

export function IconGrid({ value, onPick, height = 420, pickHint }: IconGridProps): React.JSX.Element {
  const { token } = antdTheme.useToken();
  const [catalog, setCatalog] = useState<IconCatalog | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [theme, setTheme] = useState<IconTheme>(value ? themeOf(value) : 'Outlined');

  useEffect(() => {
    let live = true;
    loadIconCatalog().then(
      (loaded) => live && setCatalog(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const names = useMemo(
    () => (catalog ? searchIcons(catalog.names, query, theme) : []),
    [catalog, query, theme],
  );

  return (
    <div className="zj-icon-grid">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索图标，如 user、设置"
          aria-label="搜索图标"
          style={{ width: 280 }}
          onSearch={setQuery}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Segmented<IconTheme>
          value={theme}
          onChange={setTheme}
          options={ICON_THEMES.map((t) => ({ value: t.theme, label: t.label }))}
        />
        {catalog && (
          <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
            共 {names.length} 个图标
          </Typography.Text>
        )}
      </div>
      {failed && <Empty description="图标加载失败，请刷新页面后重试" />}
      {!catalog && !failed && <Spin style={{ display: 'block', padding: 48 }} />}
      {catalog && names.length === 0 && <Empty description="没有找到图标" />}
      {catalog && names.length > 0 && (
        <div
          role="list"
          aria-label="图标列表"
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(auto-fill, minmax(${CELL}px, 1fr))`,
            gap: 4,
            maxHeight: height,
            overflowY: 'auto',
          }}
        >
          {names.map((name) => {
            const Icon = catalog.get(name)!;
            const chosen = name === value;
            return (
              <button
                key={name}
                type="button"
                role="listitem"
                aria-label={name}
                title={`${name}（${pickHint}）`}
                onClick={() => onPick(name)}
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  gap: 6,
                  padding: '12px 4px 8px',
                  border: `1px solid ${chosen ? token.colorPrimary : 'transparent'}`,
                  borderRadius: token.borderRadius,
                  background: chosen ? token.colorPrimaryBg : 'transparent',
                  color: chosen ? token.colorPrimary : token.colorText,
                  cursor: 'pointer',
                }}
              >
                <Icon style={{ fontSize: 24 }} />
                <span
                  style={{
                    fontSize: 11,
                    maxWidth: CELL - 8,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {name}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
