// Validation messages under a field (the contract's Chinese messages), announced as an alert.
import { Typography } from 'antd';

export function FieldError({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert">
      {messages.map((m) => (
        <Typography.Text key={m} type="danger" style={{ display: 'block', fontSize: 13 }}>
          {m}
        </Typography.Text>
      ))}
    </div>
  );
}
