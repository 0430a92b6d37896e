import { useState } from 'react';

/**
 * A form's values as one object, as typed: `set(name, value)` changes one field, `replace`
 * all of them at once (the saved answer, or an empty form).
 */
export function useDraft<T extends object>(initial: T | (() => T)) {
  const [values, replace] = useState<T>(initial);
  const set = <K extends keyof T>(name: K, value: T[K]) => replace((prev) => ({ ...prev, [name]: value }));
  return [values, set, replace] as const;
}
