// Entry: reads the server-injected config, starts the session and mounts the app on #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { message } from 'antd';
import { App } from './shell/App';
import { readRuntimeConfig } from './app/agency';
import { startUp } from './app/startup';
import './styles.css';

const runtime = readRuntimeConfig(document);

const start = () =>
  startUp({
    storage: window.localStorage,
    hostname: window.location.hostname,
    runtime,
    // One 请重新登录 however many calls fail at once.
    notify: (text) => void message.error({ content: text, key: 'edu-session' }),
  });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App start={start} />
  </StrictMode>,
);
