// Loading state inside a layout (lazy pages, first data).
import { Spin } from 'antd';

export function PageSpinner() {
  return (
    <div style={{ padding: 64, display: 'flex', justifyContent: 'center' }} role="status">
      <Spin />
    </div>
  );
}
