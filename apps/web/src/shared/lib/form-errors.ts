import type { FormInstance } from 'antd';
import { isApiError } from './api-error';

/**
 * Puts a failed call's field errors (code 1001: `data.errors = [{ field, message }]`, already
 * in the user's language) on the form fields they name. Returns the message to show near the
 * form for what no field took (or the whole message when nothing was field-specific).
 */
interface FieldErrors {
  errors?: { field: string; message: string }[];
}

export function applyServerErrors(form: FormInstance, error: unknown): string | undefined {
  if (!error) return undefined;
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const fieldErrors = (error.data as FieldErrors | null)?.errors ?? [];
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  const placed = fieldErrors.filter((item) => known.has(item.field));
  if (placed.length > 0) {
    form.setFields(placed.map((item) => ({ name: item.field, errors: [item.message] })));
  }
  return placed.length > 0 && placed.length === fieldErrors.length ? undefined : error.message;
}
