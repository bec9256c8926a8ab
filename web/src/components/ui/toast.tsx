import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { theme } from '../../styles/theme.ts';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself; 5000 by default; one toast shows at a time. */
  duration?: number;
}

interface ShownToast extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;

interface ToastApi {
  /** Shows a toast, replacing the one on screen (at most one at a time); returns its id, for `dismiss`. */
  toast: (input: ToastInput) => number;
  /**
   * Hides the toast on screen; with an id, only when that toast is still the one on screen (a screen
   * taking its own error away never hides a newer toast of another action).
   */
  dismiss: (id?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Provides `useToast()` and renders the one visible toast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setCurrent({ ...input, id });
    return id;
  }, []);
  const dismiss = useCallback((id?: number) => setCurrent((c) => (id === undefined || c?.id === id ? null : c)), []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent((c) => (c?.id === current.id ? null : c)), current.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Viewport>
        {/* Live regions exist before a toast arrives, so screen readers announce it. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          {current && current.variant !== 'destructive' ? <ToastView toast={current} onClose={() => dismiss()} /> : null}
        </div>
        <div role="alert" aria-live="assertive" aria-atomic="true">
          {current && current.variant === 'destructive' ? <ToastView toast={current} onClose={() => dismiss()} /> : null}
        </div>
      </Viewport>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose }: { toast: ShownToast; onClose: () => void }) {
  const destructive = toast.variant === 'destructive';
  return (
    <Box $destructive={destructive} data-testid="toast" data-variant={toast.variant ?? 'default'}>
      <div>
        <ToastTitle>{toast.title}</ToastTitle>
        {toast.description ? <ToastDescription>{toast.description}</ToastDescription> : null}
      </div>
      <Close type="button" aria-label="Dismiss notification" onClick={onClose} $destructive={destructive}>
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Close>
    </Box>
  );
}

/** `const { toast } = useToast(); toast({ title, description, variant: 'destructive' })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}

const Viewport = styled.div`
  position: fixed;
  z-index: ${theme.zIndices.toast};
  right: 16px;
  bottom: 16px;
  left: 16px;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  pointer-events: none;
  & > div { pointer-events: none; }
`;

const Box = styled.div<{ $destructive: boolean }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  width: min(380px, 100%);
  margin-left: auto;
  padding: 14px 16px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.border)};
  background: ${({ $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.surface)};
  color: ${({ $destructive }) => ($destructive ? theme.colors.textInverse : theme.colors.textPrimary)};
  box-shadow: ${theme.shadows.popover};
`;

const ToastTitle = styled.p`
  font-weight: 700;
  font-size: ${theme.fontSizes.sm};
`;

const ToastDescription = styled.p`
  font-size: ${theme.fontSizes.sm};
  /* full colour: white at 92 % on the destructive red fell to 4.27:1 (axe, colour-contrast needs 4.5) */
  word-break: break-word;
`;

const Close = styled.button<{ $destructive: boolean }>`
  flex: none;
  display: inline-flex;
  padding: 4px;
  border: 0;
  border-radius: 4px;
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.8;
  &:hover { opacity: 1; }
`;
