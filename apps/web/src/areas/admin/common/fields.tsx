// Form fields that several admin dialogs ask alike.
import type { ReactNode } from 'react';
import { Form, Input } from 'antd';

/** A required name: not blank, at most `max` characters (the box takes `inputMax`, so a too long paste is told). */
export function NameItem({
  label,
  required,
  tooLong,
  max,
  inputMax = max,
  extra,
  disabled,
}: {
  label: string;
  required: string;
  tooLong: string;
  max: number;
  inputMax?: number;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Form.Item
      label={label}
      name="name"
      extra={extra}
      rules={[
        { required: true, whitespace: true, message: required },
        { max, message: tooLong },
      ]}
    >
      <Input maxLength={inputMax} disabled={disabled} />
    </Form.Item>
  );
}
