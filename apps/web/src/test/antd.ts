// Helpers for antd widgets in jsdom: pick an option of a Select, find the open dialog, find a button by text.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/** Opens the Select named `label` (its aria-label) and clicks the option showing `option`. */
export async function pickOption(label: string, option: string, root: HTMLElement = document.body) {
  const box = within(root).getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  const el = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
      (e) => e.textContent === option && !e.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(el);
}

export const openDialog = (selector = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal') =>
  waitFor(() => {
    const d = document.querySelector<HTMLElement>(selector);
    if (!d) throw new Error('no dialog');
    return d;
  });

export const buttonIn = (root: HTMLElement, text: string) =>
  within(root).getByText(text).closest('button') as HTMLElement;

export const button = (text: string) => buttonIn(document.body, text);

export { screen };
