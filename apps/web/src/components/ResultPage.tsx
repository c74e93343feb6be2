// The spec's result page: illustrations for 403/404/500, icons for success/error/info/warning.
import { Result } from 'antd';
import type { ReactNode } from 'react';

export type ResultStatus = 403 | 404 | 500 | 'success' | 'error' | 'info' | 'warning';

export interface ResultPageProps {
  status: ResultStatus;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** Centre on the whole viewport (pages outside a layout). */
  fullPage?: boolean;
  children?: ReactNode;
}

export function ResultPage({ status, title, subTitle, extra, fullPage, children }: ResultPageProps) {
  const result = (
    <Result
      status={typeof status === 'number' ? (String(status) as '403' | '404' | '500') : status}
      title={title}
      subTitle={subTitle}
      extra={extra}
    >
      {children}
    </Result>
  );
  if (!fullPage) return result;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{result}</div>
  );
}
