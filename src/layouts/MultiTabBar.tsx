import { Dropdown, Tabs, type MenuProps } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { createClickGate, throttleClick } from '../http/throttle';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  isHome,
  type TabChange,
  type TabPage,
} from '../shell/tabs-model';
import { applyTabChange, refreshTab, tabs } from '../shell/tabs';

export const TabMenuText = {
  refresh: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其他',
} as const;

type TabAction = keyof typeof TabMenuText;

const MENU_ITEMS: MenuProps['items'] = [
  { key: 'refresh', icon: <ReloadOutlined />, label: TabMenuText.refresh },
  { key: 'closeLeft', icon: <ArrowLeftOutlined />, label: TabMenuText.closeLeft },
  { key: 'closeRight', icon: <ArrowRightOutlined />, label: TabMenuText.closeRight },
  { key: 'closeOthers', icon: <CloseOutlined />, label: TabMenuText.closeOthers },
];

const CLOSERS: Record<Exclude<TabAction, 'refresh'>, (p: TabPage[], k: string, a: string) => TabChange> = {
  closeLeft,
  closeRight,
  closeOthers,
};

// One gate for every tab action: two actions within 300 ms are one too many, whichever tab they name.
const actionGate = createClickGate();

/** The tab bar: click to switch, × (or a middle click) to close, right click for the tab menu. */
export function MultiTabBar(): React.JSX.Element {
  const { pages, activeKey } = useSnapshot(tabs);
  const navigate = useNavigate();

  const go = (page: TabPage | undefined) => {
    if (page) navigate(page.fullPath);
  };
  const close = (key: string) => go(applyTabChange(closeTab(tabs.pages, key, tabs.activeKey)));
  const onAction = throttleClick((key: string, action: TabAction) => {
    if (action === 'refresh') {
      refreshTab(key);
      if (key !== tabs.activeKey) go(tabs.pages.find((p) => p.key === key));
      return;
    }
    go(applyTabChange(CLOSERS[action](tabs.pages, key, tabs.activeKey)));
  }, actionGate);

  const items = pages.map((page) => ({
    key: page.key,
    closable: !isHome(page),
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: MENU_ITEMS,
          onClick: ({ key, domEvent }) => {
            // React events bubble through portals: without this the tab under the menu would activate.
            domEvent.stopPropagation();
            onAction(page.key, key as TabAction);
          },
        }}
      >
        <span
          className="shell-tab__label"
          data-tab={page.key}
          onMouseDown={(event) => {
            // Middle button: no autoscroll cursor, the click closes the tab instead.
            if (event.button === 1) event.preventDefault();
          }}
          onAuxClick={(event) => {
            if (event.button === 1) close(page.key);
          }}
        >
          {page.title}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <div className="shell-tabs" role="navigation" aria-label="多页签">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        items={items}
        onChange={(key) => go(tabs.pages.find((p) => p.key === key))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
      />
    </div>
  );
}
