// App-wide providers: antd in zh_CN (dayjs set to zh-cn explicitly, antd does not do it), antd App context, TanStack Query.
import { useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import 'antd/dist/antd.css';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isEnvelope } from '../api/client';
import { ANTD_CSS_VAR_KEY } from './antd-css-var';

dayjs.locale('zh-cn');

/**
 * The system's 减少动态效果 setting (prefers-reduced-motion): antd then opens and closes its dialogs, menus and messages
 * without animating them, and buttons lose their click wave (docs/decisions.md "Reduced motion"). Read when a provider
 * first renders, so a change of the setting counts from the next load.
 */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// antd's styles come from its prebuilt stylesheet (zero runtime): no component computes and injects its CSS in the
// browser as it first renders, which cost a cold page load ~0.15–0.3 s of main-thread time (docs/performance.md
// "antd's styles"). The tokens stay antd's defaults, which the stylesheet is built with, and so is the key of its
// CSS-variable class (app/antd-css-var.ts), named here for every provider (the static messages' too).
const THEME = {
  token: { colorPrimary: '#1677ff', borderRadius: 6 },
  zeroRuntime: true,
  cssVar: { key: ANTD_CSS_VAR_KEY },
};
const STILL_THEME = { ...THEME, token: { ...THEME.token, motion: false } };
const NO_WAVE = { disabled: true };
// Buttons read exactly as the spec writes them (返回, not antd's spaced "返 回").
const BUTTON = { autoInsertSpace: false };

/** antd's provider with the app's locale, theme and buttons, still when the system asks for reduced motion. */
function AntdConfig({ children }: { children: ReactNode }) {
  const [still] = useState(prefersReducedMotion);
  return (
    <ConfigProvider
      locale={zhCN}
      theme={still ? STILL_THEME : THEME}
      button={BUTTON}
      wave={still ? NO_WAVE : undefined}
    >
      {children}
    </ConfigProvider>
  );
}

// Static antd messages (the HTTP client's 请重新登录) render with the same locale and theme.
ConfigProvider.config({ holderRender: (children) => <AntdConfig>{children}</AntdConfig> });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An envelope error is the server's answer; retrying will not change it. Network failures retry once.
        retry: (count, error) => !isEnvelope(error) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AntdConfig>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </AntdConfig>
  );
}
