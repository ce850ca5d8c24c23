/** What a back office page declares: where it lives, its nav label and the role it needs. */
import type { OperatorRole } from '@drawhouse/contract';
import type { ComponentType } from 'react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';

export type AdminPage = {
  /** The page's path, e.g. `/operators` (its own sub-paths, if any, are its business). */
  path: string;
  /** The nav entry's text. */
  label: string;
  /** False for a page reached from another (a detail page such as `/customers/:id`): not in the nav. */
  inNav?: false;
  /** Who sees the nav entry and may open the page (the API checks the same role on every call). */
  role: OperatorRole;
  loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
  action?: (args: ActionFunctionArgs) => Promise<unknown>;
  Component: ComponentType;
};
