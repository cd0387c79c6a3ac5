import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bindSession } from './http/client';
import { signOut } from './session/actions';
import { persistSession, session } from './session/store';
import { bindDocumentPrefs } from './shell/prefs';
import './styles/global.css';

bindSession({
  getToken: () => session.token,
  getTenantId: () => session.tenantId,
  signOut,
});
// The session store goes back to localStorage when the page goes away (restored by the store at start).
window.addEventListener('pagehide', persistSession);
bindDocumentPrefs();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
