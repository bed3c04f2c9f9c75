import { defineMessages, useIntl } from "react-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FriendActivityFeed } from "@/features/businesses/components/friend-activity";

const messages = defineMessages({
  title: { id: "shell.activity.title", defaultMessage: "Friend Activity" },
});

const ACTIVITY_PAGE_SIZE = 20;

/** /activity: all recent check-ins and reviews of the people the viewer follows. */
export default function ActivityRoute() {
  const intl = useIntl();
  return (
    <div className="mx-auto max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        </CardHeader>
        <CardContent>
          <FriendActivityFeed pageSize={ACTIVITY_PAGE_SIZE} />
        </CardContent>
      </Card>
    </div>
  );
}
