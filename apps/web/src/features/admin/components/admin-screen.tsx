import { JOBS_TEXTS } from "@plaza/contracts/admin.texts";
import { Shield } from "lucide-react";
import { type ReactNode, useState } from "react";
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

const TABS = [
  { value: "users", label: "User Management" },
  { value: "content", label: "Content Management" },
  { value: "locations", label: "Location Analytics" },
  { value: "logs", label: "Activity Logs" },
  { value: "reports", label: "Reports" },
  { value: "jobs", label: JOBS_TEXTS.tab },
  { value: "instance", label: "Instance" },
  { value: "system", label: "System Settings" },
] as const;
type TabValue = (typeof TABS)[number]["value"] | string;

/** A tab another feature brings (the moderation queue, appeals, email domains), composed by the page. */
export interface ExtraAdminTab {
  value: string;
  label: string;
  render: (isActive: boolean) => ReactNode;
}

/** The admin screen of docs/PRODUCT.md §2 for a signed-in superuser: viewer email, stat cards, tabs. */
export function AdminScreen({ viewerEmail, extraTabs = [] }: { viewerEmail: string; extraTabs?: ExtraAdminTab[] }) {
  const [tab, setTab] = useState<TabValue>("users");
  const stats = useAdminStats(true);
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <Shield aria-hidden className="h-6 w-6 text-brand-600" /> Admin Dashboard
          </h1>
          <p className="text-sm text-gray-600">
            Signed in as <span className="font-medium">{viewerEmail}</span>
          </p>
        </div>
        {stats.data && stats.data.openReports > 0 && (
          <button
            type="button"
            className="min-h-11 text-sm text-amber-700 underline md:min-h-0"
            onClick={() => setTab("reports")}
          >
            {stats.data.openReports} open report{stats.data.openReports === 1 ? "" : "s"}
          </button>
        )}
      </header>
      <AdminStatCards stats={stats.data} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList className="w-full">
          {[...TABS, ...extraTabs].map((item) => (
            // Phones: each tab keeps its word whole and the row scrolls sideways, instead of squeezing labels.
            <TabsTrigger key={item.value} value={item.value} className="flex-none sm:flex-1">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UserManagementTab />
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
