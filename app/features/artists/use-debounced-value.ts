import { useEffect, useState } from 'react';

/** The value, once it has stayed unchanged for `ms` (docs/product.md#validation-messages: search is applied after 300 ms). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
