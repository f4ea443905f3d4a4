// /admin: the administration console, for administrators only (users.is_admin, as GET /v1/users/me reports it).
// `?section=` picks the tab; each tab keeps its search, filters and page in the address too.
import { useSearchParams } from 'react-router-dom';
import { useSignedInUser } from '../../api/SignedInUserContext';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AccountsSection } from './AccountsSection';
import { AdminRefusal } from './AdminRefusal';
import { AuditLogSection } from './AuditLogSection';
import { InvitationsSection } from './InvitationsSection';
import { OrganizationsSection } from './OrganizationsSection';
import { EmailFlagsSection } from './EmailFlagsSection';
import { FeatureFlagsSection } from './FeatureFlagsSection';
import { FeedbackSection } from './FeedbackSection';
import { PublishedMapsSection } from './PublishedMapsSection';
import { QuotaPoliciesSection } from './QuotaPoliciesSection';
import { QuotaReconciliationSection } from './QuotaReconciliationSection';
import { ResourcesSection } from './ResourcesSection';
import { ADMIN_SECTIONS, SECTION_LABELS, parseSection, type AdminSection } from './sections';
import { UsersSection } from './UsersSection';
import './admin.css';

const SECTIONS = {
  organizations: OrganizationsSection,
  users: UsersSection,
  invitations: InvitationsSection,
  'quota-policies': QuotaPoliciesSection,
  'quota-reconciliation': QuotaReconciliationSection,
  'published-maps': PublishedMapsSection,
  resources: ResourcesSection,
  'email-flags': EmailFlagsSection,
  'feature-flags': FeatureFlagsSection,
  accounts: AccountsSection,
  'audit-log': AuditLogSection,
  feedback: FeedbackSection,
} as const satisfies Record<AdminSection, () => JSX.Element>;

export function AdminPage() {
  const user = useSignedInUser();
  return user.isAdmin ? <AdminConsole /> : <AdminRefusal />;
}

function AdminConsole() {
  useDocumentTitle('Administration');
  const [params, setParams] = useSearchParams();
  const section = parseSection(params.get('section'));
  const Section = SECTIONS[section];
  // Each tab's filters mean nothing to another: a new tab starts from its own defaults.
  const open = (next: AdminSection) => setParams(next === 'organizations' ? {} : { section: next });
  return (
    <div className="page admin-page">
      <PageHeader title="Administration" subtitle="Organizations, users, invitations, quotas, published maps, resources, e-mail flags, the audit log and users’ feedback of the whole studio." />
      <div className="segmented admin-tabs" role="group" aria-label="Administration sections">
        {ADMIN_SECTIONS.map((option) => (
          <button key={option} type="button" className="segmented__option" aria-pressed={section === option} onClick={() => open(option)}>
            {SECTION_LABELS[option]}
          </button>
        ))}
      </div>
      {/* keyed: a tab's search box starts from its own address, not the previous tab's typing */}
      <Section key={section} />
    </div>
  );
}
