import { MODERATION_TEXTS } from "@plaza/contracts/moderation.texts";
import { Shield } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useText } from "@/i18n/texts";
import { AppealsTab } from "./appeals-tab";
import { DomainBlocksTab } from "./domain-blocks-tab";
import { QueueTab } from "./queue-tab";

const messages = defineMessages({
  title: { id: "moderation.screen.title", defaultMessage: "Moderation" },
});

type ModerationTab = "queue" | "appeals" | "domains";

/**
 * The moderation tabs, for the superuser's console and the moderator's screen alike; `text` (the caller's
 * `useText()`) puts their labels in the page's language (English as written without it).
 */
export function moderationTabs(viewerId: string, text: (english: string) => string = (english) => english) {
  return [
    {
      value: "queue",
      label: text(MODERATION_TEXTS.queueTab),
      render: (isActive: boolean) => <QueueTab isActive={isActive} viewerId={viewerId} />,
    },
    {
      value: "appeals",
      label: text(MODERATION_TEXTS.appealsTab),
      render: (isActive: boolean) => <AppealsTab isActive={isActive} />,
    },
    {
      value: "domains",
      label: text(MODERATION_TEXTS.domainsTab),
      render: (isActive: boolean) => <DomainBlocksTab isActive={isActive} />,
    },
  ] satisfies { value: ModerationTab; label: string; render: (isActive: boolean) => React.ReactNode }[];
}

/** /admin for a moderator who is not a superuser: the queue, appeals and email domains only. */
export function ModerationScreen({ viewerId }: { viewerId: string }) {
  const intl = useIntl();
  const text = useText();
  const [tab, setTab] = useState<ModerationTab>("queue");
  const tabs = moderationTabs(viewerId, text);
  return (
    <div className="space-y-4">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Shield aria-hidden className="h-6 w-6 text-brand-600" /> {intl.formatMessage(messages.title)}
      </h1>
      <Tabs value={tab} onValueChange={(value) => setTab(value as ModerationTab)}>
        <TabsList className="w-full">
          {tabs.map((item) => (
            <TabsTrigger key={item.value} value={item.value} className="flex-none sm:flex-1">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            {item.render(tab === item.value)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
