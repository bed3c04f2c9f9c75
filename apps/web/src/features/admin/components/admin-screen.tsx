import { Shield } from "lucide-react";
import { type ReactNode, useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAdminStats } from "../api/get-admin-stats";
import { ActivityLogsTab } from "./activity-logs-tab";
import { AdminStatCards } from "./admin-stat-cards";
import { ContentManagementTab } from "./content-management-tab";
import { InstanceSettingsTab } from "./instance-settings-tab";
import { JobsTab } from "./jobs-tab";
import { LocationAnalyticsTab } from "./location-analytics-tab";
import { ReportsTab } from "./reports-tab";
import { SystemSettingsTab } from "./system-settings-tab";
import { UserManagementTab } from "./user-management-tab";

const messages = defineMessages({
  title: { id: "admin.screen.title", defaultMessage: "Admin Dashboard" },
  signedInAs: defineMessage<{ email: string; b: MessageTag }>({
    id: "admin.screen.signedInAs",
    defaultMessage: "Signed in as <b>{email}</b>",
  }),
  openReports: defineMessage<{ count: number }>({
    id: "admin.screen.openReports",
    defaultMessage: "{count, plural, one {# open report} other {# open reports}}",
  }),
});

const TAB_LABELS = defineMessages({
  users: { id: "admin.screen.tab.users", defaultMessage: "User Management" },
  content: { id: "admin.screen.tab.content", defaultMessage: "Content Management" },
  locations: { id: "admin.screen.tab.locations", defaultMessage: "Location Analytics" },
  logs: { id: "admin.screen.tab.logs", defaultMessage: "Activity Logs" },
  reports: { id: "admin.screen.tab.reports", defaultMessage: "Reports" },
  jobs: { id: "admin.screen.tab.jobs", defaultMessage: "Jobs" },
  instance: { id: "admin.screen.tab.instance", defaultMessage: "Instance" },
  system: { id: "admin.screen.tab.system", defaultMessage: "System Settings" },
});

const TABS = ["users", "content", "locations", "logs", "reports", "jobs", "instance", "system"] as const;
type TabValue = (typeof TABS)[number] | string;

/** A tab another feature brings (the moderation queue, appeals, email domains), composed by the page. */
export interface ExtraAdminTab {
  value: string;
  label: string;
  render: (isActive: boolean) => ReactNode;
}

/** The admin screen of docs/PRODUCT.md §2 for a signed-in superuser: viewer email, stat cards, tabs. */
export function AdminScreen({
  viewerEmail,
  extraTabs = [],
  accountDetails,
}: {
  viewerEmail: string;
  extraTabs?: ExtraAdminTab[];
  /** More about one account in its details dialog (the moderation history), composed by the page. */
  accountDetails?: (userId: string) => ReactNode;
}) {
  const [tab, setTab] = useState<TabValue>("users");
  const stats = useAdminStats(true);
  const intl = useIntl();
  const tabs = TABS.map((value) => ({ value, label: intl.formatMessage(TAB_LABELS[value]) }));
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <Shield aria-hidden className="h-6 w-6 text-brand-600" /> {intl.formatMessage(messages.title)}
          </h1>
          <p className="text-sm text-gray-600">
            <FormattedMessage
              {...messages.signedInAs}
              values={{ email: viewerEmail, b: (chunks) => <span className="font-medium">{chunks}</span> }}
            />
          </p>
        </div>
        {stats.data && stats.data.openReports > 0 && (
          <button
            type="button"
            className="min-h-11 text-sm text-amber-700 underline md:min-h-0"
            onClick={() => setTab("reports")}
          >
            {intl.formatMessage(messages.openReports, { count: stats.data.openReports })}
          </button>
        )}
      </header>
      <AdminStatCards stats={stats.data} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList className="w-full md:h-auto md:flex-wrap">
          {[...tabs, ...extraTabs].map((item) => (
            // Phones: each tab keeps its word whole and the row scrolls sideways, instead of squeezing labels; wider
            // screens wrap the eleven tabs onto a second row instead of hiding some.
            <TabsTrigger key={item.value} value={item.value} className="flex-none">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UserManagementTab accountDetails={accountDetails} />
        </TabsContent>
        <TabsContent value="content">
          <ContentManagementTab isActive={tab === "content"} />
        </TabsContent>
        <TabsContent value="locations">
          <LocationAnalyticsTab isActive={tab === "locations"} />
        </TabsContent>
        <TabsContent value="logs">
          <ActivityLogsTab isActive={tab === "logs"} />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab isActive={tab === "reports"} />
        </TabsContent>
        <TabsContent value="jobs">
          <JobsTab isActive={tab === "jobs"} />
        </TabsContent>
        <TabsContent value="instance">
          <InstanceSettingsTab isActive={tab === "instance"} />
        </TabsContent>
        <TabsContent value="system">
          <SystemSettingsTab isActive={tab === "system"} />
        </TabsContent>
        {extraTabs.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            {item.render(tab === item.value)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
