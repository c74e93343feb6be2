// The fields a 400 answer names, each message put on its form field (besides the toast of api/mutation.ts).
import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '../../../api/mutation';

/** `request.name` → `name`: the path's last part (a list's item, `request.ids.0`, names no field). */
const lastPart = (path: string) => path.split('.').pop() ?? '';

/** Puts each message of `error` that names one of `known` on that field; the others stay in the toast. */
export function showFieldErrors(
  form: FormInstance,
  error: unknown,
  known: ReadonlySet<string> | readonly string[],
  fieldOf: (path: string) => string = lastPart,
) {
  const names = new Set<string>(known);
  const onFields = fieldErrorsOf(error)
    .map((f) => ({ name: fieldOf(f.path), errors: [f.message] }))
    .filter((f) => names.has(f.name));
  if (onFields.length) form.setFields(onFields);
}
