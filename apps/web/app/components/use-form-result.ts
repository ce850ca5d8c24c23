import { useEffect, useRef } from 'react';
import type { FormResult } from '../lib/forms';
import { useFocusFirstError } from './form';
import { useNotify } from './notifications';

/** The form rules every account form shares: focus the first error, and a notification on success. */
export function useFormResult(result: FormResult | undefined, busy: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  const notify = useNotify();
  const settled = busy ? undefined : result;
  useFocusFirstError(formRef, settled?.errors);
  useEffect(() => {
    if (settled?.ok && settled.message) {
      notify({ level: 'success', message: settled.message });
      formRef.current?.reset();
    }
  }, [settled, notify]);
  return { formRef, errors: settled?.errors ?? {}, settled };
}
