// Entry: reads the server-injected config, starts the session and the first route, and mounts the app on #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { message } from 'antd';
import { App } from './shell/App';
import { readRuntimeConfig } from './app/agency';
import { startUp } from './app/startup';
import { createQueryClient } from './app/providers';
import { firstRoute } from './shell/first-route';
import './styles.css';

const runtime = readRuntimeConfig(document);

const queryClient = createQueryClient();
const firstPath = window.location.pathname;

// Started before React draws anything: the session, then the first route's chunks and read; the app shows its
// router once that route's chunks are in (docs/web.md "Route preloading").
const started = startUp({
  storage: window.localStorage,
  hostname: window.location.hostname,
  runtime,
  // One 请重新登录 however many calls fail at once.
  notify: (text) => void message.error({ content: text, key: 'edu-session' }),
}).then(async (session) => {
  await firstRoute(session, queryClient, firstPath);
  return session;
});
const start = () => started;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App start={start} queryClient={queryClient} firstPath={firstPath} />
  </StrictMode>,
);
