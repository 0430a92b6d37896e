import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastApi {
  toast: (t: Toast) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const AUTO_HIDE_MS = 6000;

/** docs/product.md#limits-and-constants: one toast at a time; a new one replaces the old. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { id: number }) | null>(null);
  const toast = useCallback((t: Toast) => setCurrent({ ...t, id: Date.now() + Math.random() }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(dismiss, AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [current, dismiss]);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {current && (
          <div key={current.id} className={`toast ${current.variant === 'destructive' ? 'toast-destructive' : ''}`} data-testid="toast">
            <div>
              <strong className="toast-title">{current.title}</strong>
              {current.description && <p className="toast-description">{current.description}</p>}
            </div>
            <button type="button" className="toast-close" aria-label="Dismiss" onClick={dismiss}>
              <X size={20} />
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
