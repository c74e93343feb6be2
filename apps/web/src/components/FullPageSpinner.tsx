// Full-page loading state shown while the app starts.
import { Spin } from 'antd';

export function FullPageSpinner({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      role="status"
      aria-label={tip}
    >
      <Spin size="large" description={tip}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </div>
  );
}
