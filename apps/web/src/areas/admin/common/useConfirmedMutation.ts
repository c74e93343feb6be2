// A write that asks first (docs/conventions.md §15): the mutation of api/mutation.ts behind a confirmation dialog.
import type { ReactNode } from 'react';
import { App as AntApp } from 'antd';
import { useApiMutation, type ApiMutationOptions } from '../../../api/mutation';

/** What the dialog says; `danger` paints its OK button red. */
export interface ConfirmTexts {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  cancelText: string;
  danger?: boolean;
}

/** `ask(vars)` opens the dialog built by `confirm(vars)`; its OK runs the write and stays busy until it ends. */
export function useConfirmedMutation<D, V>(options: ApiMutationOptions<D, V>, confirm: (vars: V) => ConfirmTexts) {
  const { modal } = AntApp.useApp();
  const mutation = useApiMutation(options);
  const ask = (vars: V) => {
    const { danger, ...texts } = confirm(vars);
    void modal.confirm({
      ...texts,
      ...(danger === undefined ? {} : { okButtonProps: { danger } }),
      onOk: () => mutation.run(vars),
    });
  };
  return { ...mutation, ask };
}
