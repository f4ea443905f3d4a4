import { Outlet } from 'react-router-dom';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { TopBar } from './TopBar';
import { WorkspaceNav } from './WorkspaceNav';

/** The chrome around every /workspace screen: top bar, left navigation, the screen itself. */
export function WorkspaceLayout() {
  const user = useSignedInUser();
  return (
    <div className="app-shell">
      <TopBar user={user} />
      <WorkspaceNav />
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
