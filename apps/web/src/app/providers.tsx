// App-wide providers: antd in zh_CN (dayjs set to zh-cn explicitly, antd does not do it), antd App context, TanStack Query.
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import 'antd/dist/antd.css';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isEnvelope } from '../api/client';
import { ANTD_CSS_VAR_KEY } from './antd-css-var';

dayjs.locale('zh-cn');

// antd's styles come from its prebuilt stylesheet (zero runtime): no component computes and injects its CSS in the
// browser as it first renders, which cost a cold page load ~0.15–0.3 s of main-thread time (docs/performance.md
// "antd's styles"). The tokens stay antd's defaults, which the stylesheet is built with, and so is the key of its
// CSS-variable class (app/antd-css-var.ts), named here for every provider (the static messages' too).
export const THEME = {
  token: { colorPrimary: '#1677ff', borderRadius: 6 },
  zeroRuntime: true,
  cssVar: { key: ANTD_CSS_VAR_KEY },
};
// Buttons read exactly as the spec writes them (返回, not antd's spaced "返 回").
const BUTTON = { autoInsertSpace: false };

// Static antd messages (the HTTP client's 请重新登录) render with the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={THEME} button={BUTTON}>
      {children}
    </ConfigProvider>
  ),
});

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
    <ConfigProvider locale={zhCN} theme={THEME} button={BUTTON}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
