import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FlashMessage } from '../lib/shell';

/** Notifications dismiss themselves after 10 s; the button reads 'Ok, got it'. */
export const NOTIFICATION_AUTO_DISMISS_MS = 10_000;

export type Notification = FlashMessage;

type NotificationsApi = {
  notify: (notification: Omit<Notification, 'id'> & { id?: string }) => void;
  dismiss: (id: string) => void;
};

const NotificationsContext = createContext<NotificationsApi>({
  notify: () => undefined,
  dismiss: () => undefined,
});

export function useNotify() {
  return useContext(NotificationsContext).notify;
}

export function useDismissNotification() {
  return useContext(NotificationsContext).dismiss;
}

let counter = 0;

/** The notification stack of the page shell, fed by components (notify) and by server flashes. */
export function NotificationProvider({ children, flash }: { children: ReactNode; flash?: FlashMessage }) {
  const [items, setItems] = useState<Notification[]>([]);
  const seen = useRef(new Set<string>());

  const dismiss = useCallback((id: string) => setItems((list) => list.filter((n) => n.id !== id)), []);
  /** A notification with the id of one on screen replaces it. */
  const notify = useCallback<NotificationsApi['notify']>((notification) => {
    counter += 1;
    const id = notification.id ?? `n${counter}`;
    setItems((list) => [...list.filter((n) => n.id !== id).slice(-4), { ...notification, id }]);
  }, []);

  // A server message is shown once, even when the page's data is read again.
  useEffect(() => {
    if (!flash || seen.current.has(flash.id)) return;
    seen.current.add(flash.id);
    notify(flash);
  }, [flash, notify]);

  const api = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);
  return (
    <NotificationsContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[99990] flex flex-col items-center gap-2 px-4"
      >
        {items.map((item) => (
          <NotificationCard key={item.id} item={item} dismiss={dismiss} />
        ))}
      </div>
    </NotificationsContext.Provider>
  );
}

function NotificationCard({ item, dismiss }: { item: Notification; dismiss: (id: string) => void }) {
  const { id } = item;
  useEffect(() => {
    const timer = setTimeout(() => dismiss(id), NOTIFICATION_AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [id, dismiss]);
  const onDismiss = () => dismiss(id);
  const tone =
    item.level === 'error'
      ? 'border-red-700 bg-red-50 text-red-900'
      : item.level === 'success'
        ? 'border-green-700 bg-green-50 text-green-900'
        : 'border-black/20 bg-page text-ink';
  return (
    <div
      role={item.level === 'error' ? 'alert' : 'status'}
      data-testid="notification"
      className={`pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${tone}`}
    >
      <div className="flex-1">
        {item.title ? <p className="font-bold">{item.title}</p> : null}
        <p>{item.message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="shrink-0 rounded px-2 py-1 font-semibold underline"
      >
        Ok, got it
      </button>
    </div>
  );
}
