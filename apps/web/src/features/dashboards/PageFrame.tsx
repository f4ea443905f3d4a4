import type { ReactNode } from 'react';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { TopBar } from '../workspace/TopBar';
import './dashboards.css';

/** A full-width screen for signed-in users (dashboards, workbooks): the workspace's top bar, then the screen. */
export function PageFrame({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  return (
    <div className="page-frame">
      <TopBar user={user} />
      <div className="page-frame__main">{children}</div>
    </div>
  );
}
