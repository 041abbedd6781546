import { AssociationsTab } from './associations-tab';
import { ConnectionsTab } from './connections-tab';
import { WithAdminLists } from './section-page';
import { UsersTab } from './users-tab';

/** People (issue 27): the users list, whose forms choose among the organizations. */
export function PeopleSection({ currentUserId }: { currentUserId: number | undefined }) {
  return (
    <WithAdminLists>
      {({ organizations }) => <UsersTab organizations={organizations} currentUserId={currentUserId} />}
    </WithAdminLists>
  );
}

/** Access (issue 27): which organization sees which dashboard. */
export function AccessSection() {
  return (
    <WithAdminLists>
      {({ organizations, dashboards }) => <AssociationsTab organizations={organizations} dashboards={dashboards} />}
    </WithAdminLists>
  );
}

/** Connections (issue 27): the embed connections, with the dashboards that use each. */
export function ConnectionsSection() {
  return <WithAdminLists>{({ dashboards }) => <ConnectionsTab dashboards={dashboards} />}</WithAdminLists>;
}
