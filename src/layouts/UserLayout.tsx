import { Outlet } from 'react-router-dom';
import type { CSSProperties } from 'react';
import { LOGIN_PANEL_EDITION, LOGIN_PANEL_EDITIONS, PLATFORM_NAME, PLATFORM_TAGLINE } from '../config';
import { BrandMark } from './BrandMark';
import '../styles/user-layout.css';

const HIGHLIGHTS = ['日常工作与工单协同处理', '项目、计划与需求全程跟踪', '按权限生成的统一办公入口'];

// The brand panel's width comes from the edition chosen in config (510px or 600px).
const panelWidth = {
  '--user-panel-width': `${LOGIN_PANEL_EDITIONS[LOGIN_PANEL_EDITION]}px`,
} as CSSProperties;

/** The open pages (sign-in, registration, password recovery): brand panel left, form right. */
export default function UserLayout(): React.JSX.Element {
  return (
    <div className="user-layout" style={panelWidth}>
      <aside className="user-layout__panel">
        <div className="user-layout__brand">
          <BrandMark size={44} />
          <span>{PLATFORM_NAME}</span>
        </div>
        <div className="user-layout__intro">
          <h1>{PLATFORM_NAME}</h1>
          <p>{PLATFORM_TAGLINE}</p>
          <ul>
            {HIGHLIGHTS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
        <footer className="user-layout__copyright">Copyright © 2021 {PLATFORM_NAME}</footer>
      </aside>
      <main className="user-layout__main">
        <div className="user-layout__mobile-brand">
          <BrandMark size={36} />
          <span>{PLATFORM_NAME}</span>
        </div>
        <div className="user-layout__content">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
