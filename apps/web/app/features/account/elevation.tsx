import {
  createContext,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FetcherWithComponents } from 'react-router';
import type { FormResult } from '../../lib/forms';

const ElevationDialog = lazy(() => import('./elevation-dialog'));

export type ElevationRequest = { method?: string | null; twoFactor?: boolean };

type ElevationApi = { requestElevation: (request: ElevationRequest) => Promise<boolean> };

const ElevationContext = createContext<ElevationApi>({ requestElevation: async () => false });

/**
 * Two-factor elevation: a call answered 403 REQUIRED opens the elevation modal; the promise says
 * whether the customer elevated (true: replay the call) or dismissed it (false: abandoned).
 */
export function ElevationProvider({ children, supportHref }: { children: ReactNode; supportHref: string }) {
  const [pending, setPending] = useState<{ request: ElevationRequest; resolve: (ok: boolean) => void }>();
  const requestElevation = useCallback(
    (request: ElevationRequest) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.resolve(false);
          return { request, resolve };
        });
      }),
    [],
  );
  const finish = useCallback(
    (ok: boolean) => {
      pending?.resolve(ok);
      setPending(undefined);
    },
    [pending],
  );
  const api = useMemo(() => ({ requestElevation }), [requestElevation]);
  return (
    <ElevationContext.Provider value={api}>
      {children}
      {pending ? (
        <Suspense fallback={null}>
          <ElevationDialog
            method={pending.request.method}
            twoFactor={pending.request.twoFactor}
            supportHref={supportHref}
            onDone={finish}
          />
        </Suspense>
      ) : null}
    </ElevationContext.Provider>
  );
}

export function useElevation(): ElevationApi {
  return useContext(ElevationContext);
}

/**
 * A fetcher form whose action may answer `stepUp`: remembers what was sent, asks for elevation,
 * and sends it again once the customer has elevated. Use the returned onSubmit on fetcher.Form.
 */
export function useStepUpReplay(fetcher: FetcherWithComponents<FormResult | undefined>, action?: string) {
  const { requestElevation } = useElevation();
  const last = useRef<FormData | undefined>(undefined);
  const handled = useRef<unknown>(undefined);
  const { state, data, submit } = fetcher;
  useEffect(() => {
    if (state !== 'idle' || !data?.stepUp || handled.current === data) return;
    handled.current = data;
    requestElevation(data.stepUp).then((ok) => {
      if (ok && last.current) submit(last.current, { method: 'post', action });
    });
  }, [state, data, submit, requestElevation, action]);
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    last.current = new FormData(event.currentTarget, submitter);
  };
}
